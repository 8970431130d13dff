import { useSignedInUser } from '../../features/auth/use-signed-in-user';
import { RepairerDashboard } from '../../features/repairer';

export default function RepairerDashboardPage() {
  const user = useSignedInUser();
  if (user.repairerId === null) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-2xl font-bold text-navy-900">Repairer dashboard</h1>
        <p className="mt-3 text-slate-800">This account is not linked to a repair business yet. Please contact our team.</p>
      </div>
    );
  }
  return <RepairerDashboard repairerId={user.repairerId} name={user.name} />;
}
