import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { userMessageOf } from '../../lib/api';
import { ownAvailabilityUrl, teamAvailabilityUrl, useOwnAvailability, useTeamAvailability } from './api/availability';
import { AvailabilityForm } from './availability-form';

function Loading({ what }: { what: string }) {
  return (
    <div role="status" className="mt-6">
      <span className="sr-only">Loading {what}…</span>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

/** /repairer/availability: the technician's own weekly pattern, jobs in one slot and time off (issue 35 item 1). */
export function RepairerAvailabilityPage() {
  const availability = useOwnAvailability();
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <Link to="/repairer" className="text-navy-900 underline">
        Back to your jobs
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-navy-900">Your availability</h1>
      <p className="mt-2 text-slate-800">Customers near you can book only the half-days you work, up to the jobs you take in one slot, and never during your time off.</p>
      {availability.isPending ? (
        <Loading what="your availability" />
      ) : availability.isError ? (
        <p role="alert" className="mt-6">
          {userMessageOf(availability.error, 'We could not load your availability. Please try again.')}
        </p>
      ) : (
        <div className="mt-6">
          <AvailabilityForm initial={availability.data} saveUrl={ownAvailabilityUrl} whose="you" />
        </div>
      )}
    </div>
  );
}

/** /admin/repairers/{id}/availability: the team keeps any technician's (a technician phones in sick). */
export function TeamAvailabilityPage({ repairerId }: { repairerId: number }) {
  const availability = useTeamAvailability(repairerId);
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <Link to="/admin" className="text-navy-900 underline">
        Back to the admin dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-navy-900">{availability.data ? `${availability.data.repairer.businessName}: availability` : 'Technician’s availability'}</h1>
      {availability.isPending ? (
        <Loading what="the technician’s availability" />
      ) : availability.isError ? (
        <p role="alert" className="mt-6">
          {userMessageOf(availability.error, 'We could not load this technician’s availability. Please try again.')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-800">
            {availability.data.repairer.city}, {availability.data.repairer.postcode} · {availability.data.repairer.isVerified ? 'Verified' : 'Pending Verification'}
          </p>
          <div className="mt-6">
            <AvailabilityForm initial={availability.data} saveUrl={teamAvailabilityUrl(repairerId)} whose={availability.data.repairer.businessName} />
          </div>
        </>
      )}
    </div>
  );
}
