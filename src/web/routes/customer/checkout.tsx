import { useSearchParams } from '../../components/navigation/router';
import { CheckoutForQuote } from '../../features/checkout';

const frame = 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14';

/** /checkout?quote_id= (SPEC section 5: the quote_id is required). */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  return (
    <div className={frame}>
      <CheckoutForQuote quoteId={params.get('quote_id')} />
    </div>
  );
}
