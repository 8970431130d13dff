// The admin desk (SPEC: Admin dashboard; issue 10). Other features use it only through here.
export { AdminDashboard } from './admin-dashboard';
export { PriceListScreen } from './price-list-editor';
export { AuditLogScreen } from './audit-log';
export { OutboxScreen } from './outbox';
export { EnquiryScreen } from './enquiry/enquiry-screen';
export { AdminSubpage } from './admin-subpage';
