import { useAssessment } from '../../features/assessments';
import { UncoveredNotice } from '../../features/coverage';

/** Issue 35: said at once when no technician covers the customer yet (read with their new grant). */
export default function ThankYouCoverage({ id }: { id: string }) {
  const { data: assessment } = useAssessment(id);
  if (!assessment || assessment.coverage.covered) return null;
  return (
    <div className="mt-6">
      <UncoveredNotice assessment={assessment} />
    </div>
  );
}
