import { ScreenNotReady } from '../../components/screen-not-ready';

export default function AssessmentPage() {
  return (
    <ScreenNotReady title="Get a free quote">
      <p>
        Here you will upload photos of the damage and tell us about you and your vehicle, in three short steps:
        upload photos, your details, then review and send.
      </p>
    </ScreenNotReady>
  );
}
