import { ScreenNotReady } from '../../components/screen-not-ready';

export default function ThankYouPage() {
  return (
    <ScreenNotReady title="Thank you">
      <p>This page will confirm we have received your photos and details, and explain what happens next.</p>
    </ScreenNotReady>
  );
}
