import { ScreenNotReady } from '../../components/screen-not-ready';

export default function QuotePage() {
  return (
    <ScreenNotReady title="Your quote">
      <p>This page will show your repair quote, with its costs, timeline and warranty, and let you accept it and book.</p>
    </ScreenNotReady>
  );
}
