import type { FieldErrors } from 'react-hook-form';
import { ErrorSummary as FormErrorSummary } from '../../components/form';
import type { DetailsForm } from './details-form';
import { fieldId, fieldLabels } from './details-fields';
import type { DetailsFormValues } from './saved-details';

const order = Object.keys(fieldLabels) as Array<keyof DetailsFormValues>;

/** After a failed submit: every problem with the details, in the form's order. */
export function ErrorSummary({ id, form, errors }: { id?: string; form: DetailsForm; errors: FieldErrors<DetailsFormValues> }) {
  const problems = order.flatMap((name) => {
    const message = errors[name]?.message;
    return message ? [{ name, fieldId: fieldId(name), message }] : [];
  });
  return <FormErrorSummary id={id} problems={problems} onSelect={(problem) => form.setFocus(problem.name)} />;
}
