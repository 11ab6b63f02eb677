import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { AdminStatus } from './admin-status';
import { SupplierStatus } from './supplier-status';
import '../reporting-status.css';

/** Meldestatus (/status): admins see every creditor's months, a supplier its own. */
export function ReportingStatusPage() {
  usePageTitle(L.heading);
  const user = useCurrentUser();
  return (
    <section className="page reporting-status">
      <h1>{L.heading}</h1>
      {POLICIES['reportingStatus:all'](user) ? <AdminStatus /> : <SupplierStatus user={user} />}
    </section>
  );
}
