import { ScreenNotReady } from '../../components/screen-not-ready';

export default function ConfirmationPage() {
  return (
    <ScreenNotReady title="Booking confirmation">
      <p>This page will confirm your booking, with its date, time window and reference, and what happens next.</p>
    </ScreenNotReady>
  );
}
