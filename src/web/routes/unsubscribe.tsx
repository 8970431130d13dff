import { useParams } from 'react-router';
import { UnsubscribePanel } from '../features/unsubscribe/unsubscribe-panel';

// Issue 13 (D19): the unsubscribe link in an introduction e-mail.
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-navy-900">Unsubscribe</h1>
      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <UnsubscribePanel token={token} />
      </div>
    </div>
  );
}
