import { ScreenNotReady } from '../../components/screen-not-ready';

export default function BookingPage() {
  return (
    <ScreenNotReady title="Schedule your repair">
      <p>This page will let you choose a date and a morning or afternoon slot for your repair.</p>
    </ScreenNotReady>
  );
}
