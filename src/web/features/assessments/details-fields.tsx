import { useEffect, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import {
  ALLOY_WHEEL,
  allDamageLocationLabels,
  allDamageTypeLabels,
  allDamageTypes,
  damageLocations,
  damageLocationsProblem,
  isAnyDamageLocation,
  isAnyDamageType,
  wheelLocations,
} from '../../../shared/damage';
import { FieldError, FieldGroup, TextAreaField, TextField } from '../../components/form';
import type { DetailsForm } from './details-form';
import type { DetailsFormValues } from './saved-details';
import { VehicleLookupField } from './vehicle-lookup';

type FieldName = keyof DetailsFormValues;

/** Every field's label, in the order the form shows them (the error summary uses it too). */
export const fieldLabels: Record<FieldName, string> = {
  damageType: 'Type of damage',
  damageLocations: 'Where is the damage?',
  damageDescription: 'Describe the damage',
  name: 'Full name',
  email: 'E-mail address',
  phone: 'Phone number',
  address: 'Street address',
  city: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  vehicleMake: 'Make',
  vehicleModel: 'Model',
  vehicleYear: 'Year',
};

/** Step 1's fields (issue 37: the damage, and so its typical price, before any contact detail). */
export const damageFieldNames = ['damageType', 'damageLocations', 'damageDescription'] as const satisfies readonly FieldName[];
export const isDamageField = (name: string) => (damageFieldNames as readonly string[]).includes(name);

/** Every field's id, for labels, hints, errors and the error summary's links. */
export const fieldId = (name: string) => `assessment-${name}`;

const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 has-checked:border-teal-brand has-checked:bg-teal-50';
const locationsHintId = `${fieldId('damageLocations')}-hint`;

const messageOf = (errors: FieldErrors<DetailsFormValues>, name: FieldName) => errors[name]?.message;

function ChoiceError({ name, errors }: { name: FieldName; errors: FieldErrors<DetailsFormValues> }) {
  return <FieldError id={`${fieldId(name)}-error`} message={messageOf(errors, name)} />;
}

/** Alloy Wheel Repair asks which wheels; every other type asks which body parts. */
export const locationsFor = (type: unknown) => (type === ALLOY_WHEEL ? wheelLocations : damageLocations);

/** When the type changes, ticked locations that do not go with it (wheels with a dent) are dropped. */
function useLocationsFollowType(form: DetailsForm) {
  const type = form.watch('damageType');
  useEffect(() => {
    if (!isAnyDamageType(type)) return;
    const current = form.getValues('damageLocations') ?? [];
    const kept = current.filter((location) => isAnyDamageLocation(location) && damageLocationsProblem(type, [location]) === null);
    if (kept.length !== current.length) form.setValue('damageLocations', kept, { shouldDirty: true });
  }, [form, type]);
  return type;
}

function useFieldProps(form: DetailsForm, { recheck = false } = {}) {
  const {
    formState: { errors },
  } = form;
  // Step 1 is checked by its button, not by a submit, so react-hook-form would not look again as
  // the customer puts a field right: a field showing a problem is checked again as it changes.
  const register = (name: FieldName) =>
    form.register(name, recheck ? { onChange: () => (form.getFieldState(name).error ? void form.trigger(name) : undefined) } : undefined);
  const text = (name: FieldName) => ({ ...register(name), id: fieldId(name), label: fieldLabels[name], error: messageOf(errors, name) });
  return { register, errors, text };
}

/** Step 2: who the customer is, where the car is, and which car. */
export function DetailsFields({ form }: { form: DetailsForm }) {
  const { text } = useFieldProps(form);

  return (
    <div className="grid gap-6">
      <FieldGroup legend="About you">
        <TextField {...text('name')} autoComplete="name" className="sm:col-span-2" />
        <TextField {...text('email')} type="email" autoComplete="email" inputMode="email" spellCheck={false} hint="We send your quote here." />
        <TextField {...text('phone')} type="tel" autoComplete="tel" hint="A UK number, e.g. 07700 900123." />
      </FieldGroup>

      <FieldGroup legend="Where the car is">
        <TextField {...text('address')} autoComplete="street-address" className="sm:col-span-2" />
        <TextField {...text('city')} autoComplete="address-level2" />
        <TextField {...text('county')} autoComplete="address-level1" />
        <TextField {...text('postcode')} autoComplete="postal-code" autoCapitalize="characters" spellCheck={false} className="sm:max-w-48" />
      </FieldGroup>

      <FieldGroup legend="Your vehicle">
        <VehicleLookupField form={form} className="sm:col-span-2" />
        <TextField {...text('vehicleMake')} hint="For example, Ford." />
        <TextField {...text('vehicleModel')} hint="For example, Focus." />
        <TextField {...text('vehicleYear')} inputMode="numeric" maxLength={4} hint="The year it was made, e.g. 2019." className="sm:max-w-48" />
      </FieldGroup>
    </div>
  );
}

/** Step 1, below the photos: the type of damage, where it is, and its description; `guide` shows after the places. */
export function DamageFields({ form, guide }: { form: DetailsForm; guide?: ReactNode }) {
  const { register, errors, text } = useFieldProps(form, { recheck: true });
  const type = useLocationsFollowType(form);
  const wheels = type === ALLOY_WHEEL;
  const choiceDescribedBy = (name: FieldName) => (errors[name] ? `${fieldId(name)}-error` : undefined);

  return (
    <div className="grid gap-6">
      <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-6" aria-describedby={choiceDescribedBy('damageType')}>
        <legend className="px-1 text-lg font-semibold text-navy-900">{fieldLabels.damageType}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {allDamageTypes.map((option, index) => (
            <label key={option} className={choiceClass}>
              <input id={index === 0 ? fieldId('damageType') : undefined} type="radio" value={option} className="size-5 accent-teal-brand" {...register('damageType')} />
              <span className="text-slate-900">{allDamageTypeLabels[option]}</span>
            </label>
          ))}
        </div>
        <ChoiceError name="damageType" errors={errors} />
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-6" aria-describedby={[locationsHintId, choiceDescribedBy('damageLocations')].filter(Boolean).join(' ')}>
        <legend className="px-1 text-lg font-semibold text-navy-900">{fieldLabels.damageLocations}</legend>
        <p id={locationsHintId} className="mt-1 text-sm text-slate-700">
          {wheels ? 'Tick every wheel that is damaged.' : 'Tick every part that is damaged.'}
        </p>
        <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {locationsFor(type).map((location, index) => (
            <label key={location} className={choiceClass}>
              <input
                id={index === 0 ? fieldId('damageLocations') : undefined}
                type="checkbox"
                value={location}
                className="size-5 accent-teal-brand"
                {...register('damageLocations')}
              />
              <span className="text-slate-900">{allDamageLocationLabels[location]}</span>
            </label>
          ))}
        </div>
        <ChoiceError name="damageLocations" errors={errors} />
      </fieldset>

      {guide}

      <div className="rounded-lg border border-slate-200 p-4 sm:p-6">
        <TextAreaField
          {...text('damageDescription')}
          labelClassName="text-lg text-navy-900"
          rows={5}
          hint="At least 10 characters: what happened, roughly how big the damage is, and anything else we should know."
        />
      </div>
    </div>
  );
}
