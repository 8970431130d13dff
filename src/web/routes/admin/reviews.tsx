import { ReviewsAdminScreen } from '../../features/admin';

export default function AdminReviewsPage() {
  return <ReviewsAdminScreen />;
}
