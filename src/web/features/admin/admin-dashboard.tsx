import { Tabs } from 'radix-ui';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { AvailabilityScreen } from './availability/availability-screen';
import { EmailCollectionTab } from './email-collection/email-collection-tab';
import { NetworkTab } from './network/network-tab';
import { QuoteManagement } from './quote-management';
import { HealthPanel } from './health-panel';
import { StatCards } from './stat-cards';
import { ReviewsTab } from './reviews-admin';

const tabClass =
  'min-h-11 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-700 hover:text-navy-900 data-[state=active]:border-teal-brand data-[state=active]:text-navy-900 sm:text-base';

/** SPEC's admin dashboard: the stat cards, then Quote Management, Repairer Network and AI Email Collection; then
 * Availability (issue 11: slot capacity per day, closing a day). */
export function AdminDashboard() {
  return (
    <div className="mx-auto max-w-6xl px-3 py-8 sm:px-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-navy-900">Admin dashboard</h1>
        {/* The drafts' prices (D12): a page of its own, linked beside the tabs. */}
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/outbox" className={buttonClasses('outline')}>
            E-mails
          </Link>
          <Link to="/admin/audit-log" className={buttonClasses('outline')}>
            Audit log
          </Link>
          <Link to="/admin/price-list" className={buttonClasses('outline')}>
            Edit the price list
          </Link>
        </div>
      </div>
      <div className="mt-6">
        <StatCards />
      </div>
      <div className="mt-4">
        <HealthPanel />
      </div>
      <Tabs.Root defaultValue="quotes" className="mt-8">
        <Tabs.List aria-label="Admin areas" className="flex flex-wrap gap-1 border-b border-slate-300">
          <Tabs.Trigger value="quotes" className={tabClass}>
            Quote Management
          </Tabs.Trigger>
          <Tabs.Trigger value="repairers" className={tabClass}>
            Repairer Network
          </Tabs.Trigger>
          <Tabs.Trigger value="emails" className={tabClass}>
            AI Email Collection
          </Tabs.Trigger>
          <Tabs.Trigger value="availability" className={tabClass}>
            Availability
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={tabClass}>
            Reviews
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="quotes" className="pt-6">
          <QuoteManagement />
        </Tabs.Content>
        <Tabs.Content value="repairers" className="pt-6">
          <NetworkTab />
        </Tabs.Content>
        <Tabs.Content value="emails" className="pt-6">
          <EmailCollectionTab />
        </Tabs.Content>
        <Tabs.Content value="availability" className="pt-6">
          <AvailabilityScreen />
        </Tabs.Content>
        <Tabs.Content value="reviews" className="pt-6">
          <ReviewsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
