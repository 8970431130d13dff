import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { userMessageOf } from '../../lib/api';
import { useSiteInfo } from './api/get-site-info';
import { useLookupVehicle, type VehicleLookup } from './api/lookup-vehicle';
import type { DetailsForm } from './details-form';

/** 'Found: 2019 Ford (Blue). Please add the model.' with whatever parts DVLA knew. */
export function foundMessage({ make, year, colour }: VehicleLookup): string {
  const vehicle = [year, make].filter(Boolean).join(' ') || 'your vehicle';
  return `Found: ${vehicle}${colour ? ` (${colour})` : ''}. Please add the model.`;
}

/**
 * An optional UK registration lookup that fills make and year. Offered only when the server
 * has a DVLA key (GET /api/site); hidden while that is unknown, so nothing appears and vanishes.
 */
export function VehicleLookupField({ form, className }: { form: DetailsForm; className?: string }) {
  const site = useSiteInfo();
  const lookup = useLookupVehicle();
  const [registration, setRegistration] = useState('');
  const [found, setFound] = useState('');
  const id = useId();
  const inputId = `${id}-registration`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  if (!site.data?.vehicleLookupEnabled) return null;

  const findVehicle = () => {
    setFound('');
    lookup.mutate(registration, {
      onSuccess: (vehicle) => {
        if (vehicle.make) form.setValue('vehicleMake', vehicle.make, { shouldValidate: true, shouldDirty: true });
        if (vehicle.year) form.setValue('vehicleYear', vehicle.year, { shouldValidate: true, shouldDirty: true });
        setFound(foundMessage(vehicle));
      },
    });
  };
  // Enter here looks the vehicle up instead of submitting the whole assessment.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!lookup.isPending) findVehicle();
  };
  const error = lookup.isError ? userMessageOf(lookup.error, 'Vehicle lookup is unavailable just now. Please enter your vehicle details yourself.') : undefined;

  return (
    <div className={className}>
      <Label htmlFor={inputId}>Registration number (optional)</Label>
      <p id={hintId} className="mb-1 text-sm text-slate-700">
        We can fill in the make and year for you, e.g. AB12 CDE.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          value={registration}
          onChange={(event) => setRegistration(event.target.value)}
          onKeyDown={onKeyDown}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={10}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
          className="sm:max-w-48 uppercase"
        />
        <Button variant="outline" onClick={findVehicle} pending={lookup.isPending}>
          {lookup.isPending ? 'Looking up…' : 'Find my vehicle'}
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
      <p role="status" aria-live="polite" className="mt-1 text-sm text-slate-800">
        {found}
      </p>
    </div>
  );
}
