import { OutboxScreen } from '../../features/admin';

export default function AdminOutboxPage() {
  return <OutboxScreen />;
}
