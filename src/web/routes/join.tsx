import { useParams } from 'react-router';
import { JoinForm } from '../features/auth/join-form';

// Issue 12: the link in a repairer's invitation e-mail.
export default function JoinPage() {
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-navy-900">Create your repairer account</h1>
      <p className="mt-2 text-slate-800">See and accept repair jobs near you, with the photos and the price before you decide.</p>
      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <JoinForm token={token} />
      </div>
    </div>
  );
}
