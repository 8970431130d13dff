import { AuditLogScreen } from '../../features/admin';

export default function AdminAuditLogPage() {
  return <AuditLogScreen />;
}
