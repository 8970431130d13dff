import { PriceListScreen } from '../../features/admin';

export default function AdminPriceListPage() {
  return <PriceListScreen />;
}
