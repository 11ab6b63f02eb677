import { Navigate } from 'react-router';
import { MANAGEMENT_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { useDebitors } from '../../../api/get-debitors';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { debitorResource } from '../kinds/debitors';
import { listPath } from '../kinds/resource';
import { RecordListPage } from './record-list-page';

// A supplier reads the debitors, it does not open them for editing: no links in the list.
const READ_ONLY_DEBITOR_COLUMNS = debitorResource.columns.map((column) => ({ ...column, link: false }));

/**
 * /management: admins continue to the article list; suppliers see the hub with the debitor download
 * and, below it, the debitor list itself (read-only), to look a customer number up on screen.
 */
export function ManagementIndex() {
  const user = useCurrentUser();
  usePageTitle(MANAGEMENT_LABELS.title);
  return POLICIES['masterData:write'](user) ? (
    <Navigate to={listPath('articles')} replace />
  ) : (
    <SupplierDebitorList />
  );
}

function SupplierDebitorList() {
  const debitors = useDebitors({ onlyActive: true });
  return <RecordListPage resource={debitorResource} records={debitors} columns={READ_ONLY_DEBITOR_COLUMNS} />;
}
