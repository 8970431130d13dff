import { SignInForm } from '../features/auth/sign-in-form';

// D11: admins and repairers sign in here; customers never need an account.
export default function SignInPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-navy-900">Sign in</h1>
      <p className="mt-2 text-slate-800">For AutoRevive repairers and staff. Customers do not need an account.</p>
      <div className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <SignInForm />
      </div>
    </div>
  );
}
