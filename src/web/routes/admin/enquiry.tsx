import { useParams } from 'react-router';
import { AdminSubpage, EnquiryScreen } from '../../features/admin';

/** /admin/enquiries/{id}, where id is the assessment's id (issue 33). */
export default function AdminEnquiryPage() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,9}$/.test(id)) return <AdminSubpage title="Enquiry not found" intro="That is not an enquiry’s address." >{null}</AdminSubpage>;
  return <EnquiryScreen id={id} />;
}
