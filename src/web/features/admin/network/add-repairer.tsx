import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form';
import { SpecialisationChoices } from '../../../components/specialisation-choices';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, userMessageOf } from '../../../lib/api';
import { focusById } from '../../../lib/focus';
import { checkWith } from '../../../lib/schema-check';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { NewRepairerBodySchema, numberFromField } from '../../../../shared/api/repairer-accounts';
import type { Specialisation } from '../../../../shared/damage';
import { useAddRepairer } from './network-api';

type Errors = Partial<Record<string, string>>;
const empty = { businessName: '', contactName: '', phone: '', email: '', city: '', postcode: '', serviceRadius: '30' };
/** The form's fields in its order: the keyboard goes to the first one with a problem. */
const order = ['businessName', 'contactName', 'phone', 'email', 'city', 'postcode', 'serviceRadius'] as const;
const idOf = (field: string) => `add-repairer-${field}`;

/**
 * Add a repairer: a business the team knows (a call, a trade show, a recommendation), where Google
 * Places is not set up or does not list it (an operator's review: without Places a network could
 * never grow). It joins the list Pending Verification, with no account: verify it, then invite it.
 */
export function AddRepairer() {
  const [open, setOpen] = useState(false);
  const add = useAddRepairer();
  const [values, setValues] = useState(empty);
  const [chosen, setChosen] = useState<Specialisation[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  /** The server's refusal of the whole form (the business is already held), written in it: a toast goes in seconds. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const field = (name: keyof typeof empty) => ({
    id: idOf(name),
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name],
  });
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = order.find((name) => found[name]);
    if (first) focusById(idOf(first));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty optional fields are left out, not sent as blanks the rules would refuse.
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const checked = checkWith(NewRepairerBodySchema, { ...filled, serviceRadius: numberFromField(values.serviceRadius), specializations: chosen });
    setRefusal(null);
    if (!checked.ok) return showErrors(checked.problems);
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: (row) => {
        toast({ title: 'Repairer added', description: `${row.businessName} is in the network, Pending Verification. Verify them, then invite them to create their account.`, variant: 'success' });
        setValues(empty);
        setChosen([]);
        setOpen(false);
        focusById('network-heading');
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) return showErrors(error.fieldErrors);
        setRefusal(userMessageOf(error));
      },
    });
  };

  if (!open)
    return (
      <Button className="mt-3" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Add a repairer
      </Button>
    );
  return (
    <section aria-labelledby="add-repairer-heading" className="mt-4 rounded-xl border border-slate-300 bg-white p-4">
      <h3 id="add-repairer-heading" className="text-lg font-bold text-navy-900">
        Add a repairer
      </h3>
      <p className="text-sm text-slate-700">A business you know. It joins the network Pending Verification, with no account: verify it, then invite it from its row.</p>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-4" aria-labelledby="add-repairer-heading">
        <div className="grid gap-4 sm:grid-cols-2">
          {/* The form opens on its first field: the button that opened it has gone. */}
          <TextField label="Business name" autoComplete="off" autoFocus {...field('businessName')} />
          <TextField label="Contact name (optional)" autoComplete="off" {...field('contactName')} />
          <TextField label="Phone (optional)" type="tel" autoComplete="off" {...field('phone')} />
          <TextField label="E-mail (optional)" type="email" autoComplete="off" hint="Needed to invite them." {...field('email')} />
          <TextField label="Town or city" autoComplete="off" {...field('city')} />
          <TextField label="Base postcode" autoComplete="off" hint="Jobs are offered within their radius of it." {...field('postcode')} />
          <TextField label="Service radius (miles)" type="number" inputMode="numeric" min={1} max={100} step={1} {...field('serviceRadius')} />
        </div>
        <SpecialisationChoices legend="Repairs they do" chosen={chosen} onChange={setChosen} error={errors.specializations} />
        <RefusalAlert message={refusal} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add to the network'}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setOpen(false);
              setErrors({});
              focusById('network-heading');
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
