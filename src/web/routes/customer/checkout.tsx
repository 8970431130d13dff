import { ScreenNotReady } from '../../components/screen-not-ready';

export default function CheckoutPage() {
  return (
    <ScreenNotReady title="Payment">
      <p>This page will show your order summary and take a secure card payment for your booked repair.</p>
    </ScreenNotReady>
  );
}
