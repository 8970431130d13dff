import { NotFoundMessage } from '../components/not-found-message';

export default function NotFoundPage() {
  return <NotFoundMessage />;
}
