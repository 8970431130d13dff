import { useParams } from 'react-router';
import { AreaPage } from '../../features/marketing/area-page';

// The page itself takes the slug as a prop, so prerendered area pages hydrate without the router.
export default function AreaRoute() {
  const { city = '' } = useParams();
  return <AreaPage slug={city} />;
}
