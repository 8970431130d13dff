import { useEnquiries } from './api/get-enquiries';
import { EnquiryTable } from './enquiry-table';

/** SPEC: the 5 most recent assessments. */
export function RecentAssessments() {
  const recent = useEnquiries({ page: 1, pageSize: 5 });
  return (
    <section aria-labelledby="recent-assessments" className="mt-10">
      <h2 id="recent-assessments" className="text-xl font-bold text-navy-900">
        Recent assessments
      </h2>
      <div className="mt-3">
        {recent.isError ? (
          <p role="alert" className="text-red-900">We could not load the recent assessments.</p>
        ) : recent.data ? (
          recent.data.items.length ? <EnquiryTable rows={recent.data.items} caption="The 5 most recent assessments" /> : <p>No assessments yet.</p>
        ) : (
          <p className="text-slate-700">Loading…</p>
        )}
      </div>
    </section>
  );
}
