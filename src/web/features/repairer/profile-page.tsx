import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../components/form';
import { SpecialisationChoices } from '../../components/specialisation-choices';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../lib/api';
import { checkWith } from '../../lib/schema-check';
import { numberFromField, ProfileBodySchema, profileMessages, type ProfileView } from '../../../shared/api/repairer-accounts';
import type { Specialisation } from '../../../shared/damage';
import { formatUkPhone } from '../../../shared/phone';
import { useProfile, useSaveProfile, useStartPayouts } from './api/profile';
import { formatDecimalPounds } from '../../lib/format';
import { ProfilePhoto } from './profile-photo';

type Errors = Partial<Record<string, string>>;

function ProfileForm({ profile }: { profile: ProfileView }) {
  const save = useSaveProfile();
  const [values, setValues] = useState({
    businessName: profile.businessName,
    contactName: profile.contactName ?? '',
    phone: profile.phone ? formatUkPhone(profile.phone) : '',
    city: profile.city,
    postcode: profile.postcode,
    serviceRadius: String(profile.serviceRadius),
  });
  const [chosen, setChosen] = useState<Specialisation[]>(profile.specializations);
  const [errors, setErrors] = useState<Errors>({});
  const field = (name: keyof typeof values) => ({ value: values[name], onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })), error: errors[name] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(ProfileBodySchema, { ...values, serviceRadius: numberFromField(values.serviceRadius), specializations: chosen });
    if (!checked.ok) {
      setErrors(checked.problems);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => toast({ title: 'Profile saved', description: profileMessages.saved, variant: 'success' }),
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fieldErrors);
        toast({ title: 'Could not save your profile', description: userMessageOf(error), variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="profile-business" label="Business name" autoComplete="organization" {...field('businessName')} />
        <TextField id="profile-contact" label="Contact name" autoComplete="name" {...field('contactName')} />
        <TextField id="profile-phone" label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField id="profile-city" label="Town or city" autoComplete="address-level2" {...field('city')} />
        <TextField id="profile-postcode" label="Base postcode" hint="Where you set out from: we offer you jobs within your radius of it." autoComplete="postal-code" {...field('postcode')} />
        <TextField id="profile-radius" label="Service radius (miles)" type="number" inputMode="numeric" min={1} max={100} step={1} {...field('serviceRadius')} />
      </div>
      <SpecialisationChoices legend="Repairs you do" chosen={chosen} onChange={setChosen} error={errors.specializations} />
      <Button type="submit" pending={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}

function Payouts({ state }: { state: ProfileView['payouts'] }) {
  const start = useStartPayouts();
  if (state === 'test-mode') return <p className="text-slate-800">{profileMessages.testMode}</p>;
  if (state === 'ready') return <p className="font-semibold text-teal-900">Your Stripe payout account is ready: your earnings are transferred to it once a repair is confirmed.</p>;
  return (
    <div>
      <p className="text-slate-800">
        {state === 'incomplete' ? 'Stripe still needs a few details before it can pay you.' : 'Set up your payout account with Stripe to be paid for your jobs.'} You can accept paid jobs
        once it is done.
      </p>
      <Button
        className="mt-3"
        pending={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: ({ url }) => window.location.assign(url),
            onError: (error) => toast({ title: 'Could not start the payout set-up', description: userMessageOf(error), variant: 'destructive' }),
          })
        }
      >
        {state === 'incomplete' ? 'Continue with Stripe' : 'Set up payouts with Stripe'}
      </Button>
    </div>
  );
}

/**
 * What the repairer has been paid and is owed for the jobs they accepted, added up by the server
 * (D14): each share is paid once the customer confirms, or 72 hours after the job is done without a
 * reported problem.
 */
function Earnings({ earnings }: { earnings: ProfileView['earnings'] }) {
  const figures = [
    ['Paid to you', earnings.paid],
    ['To be paid', earnings.toBePaid],
    ['On hold', earnings.onHold],
  ] as const;
  return (
    <div className="mt-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(([label, amount]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-bold text-navy-900">{formatDecimalPounds(amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        For the jobs you have accepted. Each is paid once the customer confirms the repair, or 72 hours after you mark it done if they report no problem; a share on hold waits
        for our team to look into a reported problem.
      </p>
    </div>
  );
}

/** /repairer/profile: the repairer's business details, verification and payouts (issue 12). */
export function RepairerProfilePage() {
  const profile = useProfile();
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <Link to="/repairer" className="text-navy-900 underline">
        Back to your jobs
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-navy-900">Your profile</h1>
      {profile.isPending ? (
        <div role="status" className="mt-6">
          <span className="sr-only">Loading your profile…</span>
          <Skeleton className="h-64 w-full" />
        </div>
      ) : profile.isError ? (
        <p role="alert" className="mt-6">
          {userMessageOf(profile.error, 'We could not load your profile. Please try again.')}
        </p>
      ) : (
        <>
          <p className="mt-2">
            <span className={profile.data.isVerified ? 'rounded-full bg-teal-100 px-2 py-0.5 font-semibold text-teal-900' : 'rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900'}>
              {profile.data.isVerified ? 'Verified' : 'Pending Verification'}
            </span>{' '}
            {profile.data.isVerified ? 'You are offered jobs near you.' : 'Our team checks new repairers before offering them jobs.'}
            {profile.data.rating !== null ? ` Customers rate you ${profile.data.rating.toFixed(1)} out of 5.` : ''}
          </p>
          <section aria-labelledby="profile-details" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="profile-details" className="text-xl font-bold text-navy-900">
              Business details
            </h2>
            <div className="mt-4">
              <ProfileForm profile={profile.data} />
            </div>
          </section>
          <section aria-labelledby="profile-photo" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="profile-photo" className="text-xl font-bold text-navy-900">
              Your photo
            </h2>
            <div className="mt-4">
              <ProfilePhoto photo={profile.data.photo} />
            </div>
          </section>
          <section aria-labelledby="profile-payouts" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="profile-payouts" className="text-xl font-bold text-navy-900">
              Payouts
            </h2>
            <div className="mt-3">
              <Payouts state={profile.data.payouts} />
            </div>
            <Earnings earnings={profile.data.earnings} />
          </section>
        </>
      )}
    </div>
  );
}

