import { useRef, useState, type FormEvent } from 'react';
import { TEST_CARDS, type PaymentIntentView } from '../../../shared/api/payments';
import { ErrorSummary, focusErrorSummary, TextField } from '../../components/form';
import { Button } from '../../components/ui/button';
import { useConfirmTestPayment } from './api/checkout-api';
import { formatCardNumber, formatExpiry, normaliseCard, validateCard, type CardErrors } from './card-rules';
import { refusalOutcome, type PayOutcome } from './pay-outcome';

type Props = {
  payLabel: string;
  /** The intent to pay, once D14's request is given where needed; null stops the payment. */
  ensureIntent: () => Promise<PaymentIntentView | null>;
  onOutcome: (outcome: PayOutcome) => void;
};

const fieldOrder = [
  ['cardNumber', 'card-number'],
  ['expiry', 'card-expiry'],
  ['cvc', 'card-cvc'],
] as const;

const cards = [
  { number: formatCardNumber(TEST_CARDS.success), what: 'succeeds' },
  { number: formatCardNumber(TEST_CARDS.declined), what: 'is declined' },
  { number: formatCardNumber(TEST_CARDS.insufficientFunds), what: 'fails for insufficient funds' },
];

/** The embedded test-mode provider's card form: behaves as Stripe's test cards do (issue 11). */
export function TestCardForm({ payLabel, ensureIntent, onOutcome }: Props) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);
  const confirm = useConfirmTestPayment();
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(card, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      await ensureIntent(); // shows D14's message too, when the box is needed, and takes focus to it
      // WCAG 3.3.1, as the other forms do: focus goes to what is wrong, not left on Pay. The D14 box
      // sits above this form, so when it was taken there that is the first problem; otherwise the
      // summary here, whose links lead to each field.
      const focused = document.activeElement;
      if (focused === null || focused === document.body || form.current?.contains(focused)) focusErrorSummary('card-errors');
      return;
    }
    setBusy(true);
    const intent = await ensureIntent();
    if (!intent) {
      setBusy(false);
      return;
    }
    confirm.mutate(
      { clientSecret: intent.clientSecret, ...normaliseCard(card) },
      {
        onSuccess: (result) => onOutcome({ kind: 'succeeded', appointmentId: result.appointmentId }),
        onError: (error) => onOutcome(refusalOutcome(error)),
        onSettled: () => setBusy(false),
      },
    );
  };

  const problems = fieldOrder.flatMap(([field, fieldId]) => (errors[field] ? [{ fieldId, message: errors[field] }] : []));

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="card-form-title" className="grid gap-4">
      <h3 id="card-form-title" className="text-lg font-semibold text-navy-900">
        Card details
      </h3>
      <div id="card-errors" tabIndex={-1} className="empty:hidden">
        <ErrorSummary
          problems={problems}
          subject="your card details"
          titleId="card-errors-title"
          onSelect={(problem) => document.getElementById(problem.fieldId)?.focus()}
        />
      </div>
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.cardNumber}
        error={errors.cardNumber}
        onChange={(event) => setCard({ ...card, cardNumber: formatCardNumber(event.target.value) })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="card-expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          error={errors.expiry}
          onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
        />
        <TextField
          id="card-cvc"
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          error={errors.cvc}
          onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '') })}
        />
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Processing…' : payLabel}
      </Button>
      <details className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        <summary className="cursor-pointer font-semibold text-navy-900">Test cards</summary>
        <p className="mt-2">Use any future expiry date and any 3-digit security code.</p>
        <ul className="mt-1 grid gap-1">
          {cards.map((item) => (
            <li key={item.number}>
              <span className="font-mono">{item.number}</span> {item.what}
            </li>
          ))}
        </ul>
      </details>
    </form>
  );
}
