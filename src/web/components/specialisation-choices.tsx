import { specialisationLabels, specialisations, type Specialisation } from '../../shared/damage';
import { FieldGroup } from './form';

/**
 * The repairs a business does, as checkboxes (D16: jobs are offered by specialisation), with the
 * server's or the schema's message under them. Shared by a repairer's own profile and the team's
 * Add a repairer form.
 */
export function SpecialisationChoices({ legend, chosen, onChange, error }: { legend: string; chosen: readonly Specialisation[]; onChange(next: Specialisation[]): void; error?: string | undefined }) {
  return (
    <>
      <FieldGroup legend={legend}>
        {specialisations.map((s) => (
          <label key={s} className="flex min-h-11 items-center gap-2">
            <input type="checkbox" checked={chosen.includes(s)} onChange={(event) => onChange(event.target.checked ? [...chosen, s] : chosen.filter((x) => x !== s))} />
            {specialisationLabels[s]}
          </label>
        ))}
      </FieldGroup>
      {error ? (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
