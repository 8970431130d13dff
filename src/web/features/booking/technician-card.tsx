import type { TechnicianProfileView } from '../../../shared/api/appointments';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Issue 37 item 3, who is coming: once a technician has accepted, their first name, business,
 * photo, record with us and the checks we made (docs/decisions/0035-who-is-coming.md). Fetched on
 * demand: the appointment screen is at its script ceiling, and most visits before acceptance never
 * need it. The photo has its size, so nothing moves when it arrives.
 */
export function TechnicianCard({ technician, customer, coming }: { technician: TechnicianProfileView; customer: boolean; coming: boolean }) {
  const { rating, checks } = technician;
  const checked: [boolean, string][] = [
    [checks.insurance, 'Public liability insurance seen and in date'],
    [checks.identity, 'Identity checked'],
    [checks.skills, 'Skills assessed'],
  ];
  return (
    <section aria-labelledby="appointment-technician" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="appointment-technician" className="text-xl font-bold text-navy-900">
        {customer ? 'Your technician' : 'The technician'}
      </h2>
      {coming ? (
        <p className="mt-2 text-slate-800">
          <strong>{technician.businessName}</strong> will carry out {customer ? 'your' : 'the'} repair. We send {customer ? 'you' : 'the customer'} a reminder the day before.
        </p>
      ) : null}
      <div className="mt-3 flex items-start gap-4">
        {technician.photoUrl ? (
          <img src={technician.photoUrl} alt={`${technician.firstName} of ${technician.businessName}`} width={96} height={96} loading="lazy" className="h-24 w-24 flex-none rounded-full bg-slate-100 object-cover" />
        ) : null}
        <div>
          <p className="text-lg font-semibold text-slate-900">
            {technician.firstName}, {technician.businessName}
          </p>
          <ul className="mt-1 text-slate-800">
            {technician.yearsExperience !== null ? <li>{count(technician.yearsExperience, 'year’s', 'years’')} experience</li> : null}
            <li>{rating.average !== null ? `Rated ${rating.average.toFixed(1)} out of 5 by ${count(rating.count, 'customer', 'customers')}` : 'No reviews yet'}</li>
            <li>
              {/* "us", not the brand from shared/site: importing it here would add an export to a chunk every customer screen loads. */}
              {count(technician.completedRepairs, 'repair', 'repairs')} completed through us
            </li>
          </ul>
        </div>
      </div>
      <h3 className="mt-4 font-semibold text-navy-900">What we checked</h3>
      <ul className="mt-1 grid gap-1 text-slate-800">
        {checked.map(([passed, label]) => (
          <li key={label}>
            <span aria-hidden="true" className={passed ? 'text-teal-800' : 'text-slate-600'}>
              {passed ? '✓ ' : '– '}
            </span>
            {passed ? label : `${label}: not confirmed at the moment`}
          </li>
        ))}
      </ul>
    </section>
  );
}
