import { Outlet } from 'react-router';
import { MANAGEMENT_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { Tabs } from '../../../components/ui/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { listPath } from '../kinds/resource';
import { ExportLinks } from './export-links';
import '../master-data.css';

const TABS = [
  { to: listPath('articles'), label: MANAGEMENT_LABELS.articles },
  { to: listPath('creditors'), label: MANAGEMENT_LABELS.creditors },
  { to: listPath('debitors'), label: MANAGEMENT_LABELS.debitors },
  { to: listPath('users'), label: MANAGEMENT_LABELS.users },
] as const;

/**
 * The hub 'Stammdaten': title, the download links (one place under the title for every role and every
 * list), the tabs (who maintains master data) and the chosen list.
 */
export function ManagementLayout() {
  const user = useCurrentUser();
  return (
    <div className="page">
      <div className="page-header">
        <h1>{MANAGEMENT_LABELS.title}</h1>
      </div>
      <ExportLinks />
      {POLICIES['masterData:write'](user) && (
        <div className="management-tabs">
          <Tabs items={TABS} label={MANAGEMENT_LABELS.title} />
        </div>
      )}
      <Outlet />
    </div>
  );
}
