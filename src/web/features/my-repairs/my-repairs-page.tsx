// Issue 38 item 1 (docs/decisions/0036): /my-repairs. Without a session, the customer asks for a
// sign-in link; the link opens this page with its token in the fragment (#sign-in=…), and a
// button uses it (a POST: a mail scanner that fetches the link does not spend it); signed in,
// every enquiry made with the e-mail, and signing out here or everywhere else.
import { useState } from 'react';
import { useLocation, useNavigate } from '../../components/navigation/router';
import { Button } from '../../components/ui/button';
import { RefusalAlert } from '../../components/ui/refusal-alert';
import { userMessageOf } from '../../lib/api';
import { focusOnMount } from '../../lib/focus';
import type { MyRepairs } from '../../../shared/api/my-repairs';
import { AskForLink } from './ask-for-link';
import { MyRepairsLoading } from './my-repairs-loading';
import { useMyRepairs, useSignInByLink, useSignOut } from './my-repairs-api';
import { RepairCard } from './repair-card';

const TOKEN = /^#sign-in=([A-Za-z0-9_-]{20,100})$/;

function Heading({ children, focus = false }: { children: string; focus?: boolean }) {
  return (
    <h1 ref={focus ? focusOnMount : undefined} tabIndex={focus ? -1 : undefined} className="text-3xl font-bold tracking-tight text-navy-900 focus:outline-none sm:text-4xl">
      {children}
    </h1>
  );
}

export function MyRepairsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = TOKEN.exec(hash)?.[1] ?? null;
  const signIn = useSignInByLink();
  const repairs = useMyRepairs(token === null);
  // The fragment goes once the link is used (or refused), so Back or a reload does not offer it again.
  const followLink = (linkToken: string) => signIn.mutate(linkToken, { onSettled: () => void navigate('/my-repairs', { replace: true }) });

  if (token) {
    return (
      <div className="grid max-w-2xl gap-4">
        <Heading>Sign in to My repairs</Heading>
        <p className="text-lg text-slate-800">You opened the sign-in link from your e-mail. It works once: press the button to see your repairs in this browser.</p>
        <div>
          <Button size="lg" disabled={signIn.isPending} onClick={() => followLink(token)}>
            {signIn.isPending ? 'Signing in…' : 'Show my repairs'}
          </Button>
        </div>
      </div>
    );
  }
  // A refused link shows its refusal with the form at once, while the list is read (a session may
  // be open in this browser all the same).
  if (repairs.isPending && !signIn.isError) return <MyRepairsLoading />;
  if (repairs.data) return <SignedIn list={repairs.data} />;
  const refusal = signIn.error ?? repairs.error;
  return (
    <div className="max-w-2xl">
      <Heading focus={Boolean(refusal)}>My repairs</Heading>
      <p className="mt-4 text-lg text-slate-800">Every enquiry you have made with us, on any phone or computer: your quotes, bookings, invoices and warranties.</p>
      {refusal ? (
        <div className="mt-6">
          <RefusalAlert message={userMessageOf(refusal)} />
        </div>
      ) : null}
      <AskForLink />
    </div>
  );
}

function SignedIn({ list }: { list: MyRepairs }) {
  const out = useSignOut();
  const [done, setDone] = useState<string | null>(null);
  const everywhereElse = () => out.mutate('sign-out-everywhere-else', { onSuccess: (answer) => setDone(answer.message) });
  return (
    <div className="grid gap-8">
      <div>
        <Heading focus>My repairs</Heading>
        <p className="mt-2 text-slate-800">
          Signed in as <span className="font-semibold">{list.email}</span> in this browser.
        </p>
      </div>
      {list.repairs.length === 0 ? (
        <p className="text-slate-800">We hold no repairs for this address any more.</p>
      ) : (
        <ul aria-label="Your repairs" className="grid gap-4">
          {list.repairs.map((repair) => (
            <RepairCard key={repair.assessmentId} repair={repair} />
          ))}
        </ul>
      )}
      <section aria-labelledby="signing-out" className="rounded-lg bg-slate-50 p-5">
        <h2 id="signing-out" className="text-xl font-bold text-navy-900">
          Signing out
        </h2>
        <p className="mt-2 text-slate-800">
          Lost a phone, or used a shared computer? “Sign out everywhere else” ends every other browser’s access to these repairs, and the links in the e-mails we sent you
          before stop working. This browser stays signed in, and our next e-mails carry new links.
        </p>
        <RefusalAlert message={out.error ? userMessageOf(out.error) : null} />
        {done ? (
          <p role="status" className="mt-3 font-medium text-navy-900">
            {done}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="outline" disabled={out.isPending} onClick={() => out.mutate('sign-out')}>
            Sign out
          </Button>
          <Button variant="outline" disabled={out.isPending} onClick={everywhereElse}>
            Sign out everywhere else
          </Button>
        </div>
      </section>
    </div>
  );
}
