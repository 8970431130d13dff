import type { FieldErrors } from 'react-hook-form';
import { fieldLabels, type DetailsForm } from './details-fields';
import { fieldId } from './form-fields';
import type { DetailsFormValues } from './saved-details';

const order = Object.keys(fieldLabels) as Array<keyof DetailsFormValues>;

/** After a failed submit: every problem in one announced list, each a link to its field. */
export function ErrorSummary({ form, errors }: { form: DetailsForm; errors: FieldErrors<DetailsFormValues> }) {
  const problems = order.flatMap((name) => {
    const message = errors[name]?.message;
    return message ? [{ name, message }] : [];
  });
  if (problems.length === 0) return null;
  return (
    <div role="alert" aria-labelledby="error-summary-title" className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900">
      <h3 id="error-summary-title" className="font-semibold">
        There {problems.length === 1 ? 'is a problem' : `are ${problems.length} problems`} with your details
      </h3>
      <ul className="mt-2 list-disc pl-5">
        {problems.map(({ name, message }) => (
          <li key={name}>
            <a
              href={`#${fieldId(name)}`}
              className="underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                form.setFocus(name);
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
