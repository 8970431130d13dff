import { useEffect, useState, type FormEvent } from 'react';
import { ErrorSummary, FieldError, FieldGroup, focusErrorSummary, TextField, type Problem } from '../../components/form';
import { Button } from '../../components/ui/button';
import { RefusalAlert } from '../../components/ui/refusal-alert';
import { apiJsonAs, isApiError, userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import { specialisationLabels, specialisations, type Specialisation } from '../../../shared/damage';
import type { ApplicationReceived } from '../../../shared/api/technician-applications';
import { h3Class } from './styles';

// Issue 35 item 5: a technician's application, on the public page /technicians. The page loads
// no zod (its script budget, tests/e2e/screen-budgets.test.ts): the server judges the form with
// shared/api/technician-applications.ts and names each field's mistake, shown here by its field.

const empty = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  city: '',
  postcode: '',
  serviceRadius: '20',
  yearsExperience: '',
  insurer: '',
  policyNumber: '',
  insuranceExpiryDate: '',
  website: '',
  fax: '',
};
type Values = typeof empty;
/** The fields in the form's order: the error summary lists them so. */
const order = ['businessName', 'contactName', 'email', 'phone', 'city', 'postcode', 'serviceRadius', 'specializations', 'yearsExperience', 'insurer', 'policyNumber', 'insuranceExpiryDate', 'website'] as const;
const idOf = (field: string) => `apply-${field}`;
const SUMMARY_ID = 'apply-errors';

/** A number field's text as a JSON number: empty is left out, other text is NaN-free text the server refuses by name. */
const numberOf = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
};

export function TechnicianApplication() {
  const [values, setValues] = useState<Values>(empty);
  const [chosen, setChosen] = useState<Specialisation[]>([]);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [received, setReceived] = useState<ApplicationReceived | null>(null);
  // Each refusal with field messages asks once for the keyboard to go to the summary, after it has rendered.
  const [focusSummary, setFocusSummary] = useState(0);
  useEffect(() => {
    if (focusSummary > 0) focusErrorSummary(SUMMARY_ID);
  }, [focusSummary]);

  const field = (name: keyof Values) => ({
    id: idOf(name),
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setRefusal(null);
    const body = {
      ...Object.fromEntries(Object.entries(values).filter(([name, value]) => value.trim() !== '' && name !== 'serviceRadius' && name !== 'yearsExperience')),
      serviceRadius: numberOf(values.serviceRadius),
      yearsExperience: numberOf(values.yearsExperience),
      specializations: chosen,
    };
    try {
      setReceived(await apiJsonAs<ApplicationReceived>('POST', '/api/technician-applications', body));
      setErrors({});
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        setFocusSummary((n) => n + 1);
      } else {
        setErrors({});
        setRefusal(userMessageOf(error));
      }
    } finally {
      setPending(false);
    }
  };

  if (received) {
    return (
      <div ref={focusOnMount} tabIndex={-1} role="status" className="mt-8 rounded-lg border-2 border-teal-brand bg-teal-50 p-6 focus:outline-none">
        <h3 className={h3Class}>Application received</h3>
        <p className="mt-2 text-slate-800">{received.message}</p>
        <p className="mt-2 text-slate-800">
          We have sent a copy to <strong className="break-all">{received.email}</strong>.
        </p>
      </div>
    );
  }

  const problems: Problem[] = order.filter((name) => errors[name]).map((name) => ({ fieldId: idOf(name), message: errors[name]! }));
  return (
    <form onSubmit={submit} noValidate aria-labelledby="apply-heading" aria-describedby="apply-intro" className="mt-8 grid max-w-3xl gap-6">
      <ErrorSummary id={SUMMARY_ID} problems={problems} subject="your application" titleId="apply-errors-title" />
      <FieldGroup legend="Your business">
        <TextField label="Business name" autoComplete="organization" {...field('businessName')} />
        <TextField label="Your name" autoComplete="name" {...field('contactName')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="Website (optional)" type="url" autoComplete="url" hint="Starting https://" {...field('website')} />
        <TextField label="Years of experience" type="number" inputMode="numeric" min={0} max={80} step={1} {...field('yearsExperience')} />
      </FieldGroup>
      <FieldGroup legend="Where you work">
        <TextField label="Town or city" autoComplete="address-level2" {...field('city')} />
        <TextField label="Base postcode" autoComplete="postal-code" hint="Jobs are offered within your radius of it." {...field('postcode')} />
        <TextField label="Service radius (miles)" type="number" inputMode="numeric" min={1} max={100} step={1} {...field('serviceRadius')} />
      </FieldGroup>
      <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-6" aria-describedby={errors.specializations ? `${idOf('specializations')}-error` : undefined}>
        <legend className="px-1 text-lg font-semibold text-navy-900">Repairs you do</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {specialisations.map((s, index) => (
            <label key={s} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                id={index === 0 ? idOf('specializations') : undefined}
                name="specializations"
                value={s}
                checked={chosen.includes(s)}
                onChange={(event) => setChosen((now) => (event.target.checked ? [...now, s] : now.filter((x) => x !== s)))}
              />
              {specialisationLabels[s]}
            </label>
          ))}
        </div>
        <FieldError id={`${idOf('specializations')}-error`} message={errors.specializations} />
      </fieldset>
      <FieldGroup legend="Public liability insurance">
        <TextField label="Insurer" autoComplete="off" {...field('insurer')} />
        <TextField label="Policy number" autoComplete="off" {...field('policyNumber')} />
        <TextField label="Policy end date" type="date" hint="The last day it covers you." {...field('insuranceExpiryDate')} />
      </FieldGroup>
      {/* The honeypot: out of sight and out of reach for people and screen readers; a program that fills every field fills it, and its application is quietly dropped. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={idOf('fax')}>Fax number (leave this empty)</label>
        <input id={idOf('fax')} name="fax" type="text" tabIndex={-1} autoComplete="off" value={values.fax} onChange={(event) => setValues((v) => ({ ...v, fax: event.target.value }))} />
      </div>
      <RefusalAlert message={refusal} />
      <div>
        <Button type="submit" size="lg" pending={pending}>
          {pending ? 'Sending…' : 'Send my application'}
        </Button>
      </div>
    </form>
  );
}
