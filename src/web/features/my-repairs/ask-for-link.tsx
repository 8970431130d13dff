import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/form/field';
import { RefusalAlert } from '../../components/ui/refusal-alert';
import { isApiError, userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import { useAskForLink } from './my-repairs-api';

/**
 * The customer types their e-mail and is sent a sign-in link. The answer is the same whether or
 * not we know the address (docs/decisions/0036), so the page only ever says "if".
 */
export function AskForLink() {
  const ask = useAskForLink();
  const [email, setEmail] = useState('');
  const fieldError = isApiError(ask.error) ? ask.error.fieldErrors.email : undefined;
  const refusal = ask.error && !fieldError ? userMessageOf(ask.error) : null;

  if (ask.data) {
    return (
      <section aria-labelledby="check-email" className="mt-8 rounded-lg border border-teal-brand bg-white p-5">
        <h2 id="check-email" ref={focusOnMount} tabIndex={-1} className="text-2xl font-bold text-navy-900 focus:outline-none">
          Check your e-mail
        </h2>
        <p role="status" className="mt-2 text-slate-800">
          {ask.data.message}
        </p>
        <Button variant="outline" className="mt-4" onClick={ask.reset}>
          Use another address
        </Button>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(email);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-8 grid max-w-md gap-4" aria-labelledby="ask-heading">
      <h2 id="ask-heading" className="text-2xl font-bold text-navy-900">
        Sign in with your e-mail
      </h2>
      <p className="text-slate-800">Use the address you gave us with your photos. We e-mail you a link that signs you in; it works once, for 30 minutes.</p>
      <RefusalAlert message={refusal} />
      <TextField
        id="my-repairs-email"
        label="Your e-mail address"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError}
        required
      />
      <div>
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : 'E-mail me a sign-in link'}
        </Button>
      </div>
    </form>
  );
}
