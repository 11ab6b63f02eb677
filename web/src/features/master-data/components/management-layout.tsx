import { Outlet } from 'react-router';
import { MANAGEMENT_LABELS, MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
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

/** The hub 'Stammdaten': title, download links, the tabs (who maintains master data) and the chosen list. */
export function ManagementLayout() {
  const user = useCurrentUser();
  const exportsMasterData = POLICIES['masterData:export'](user);
  return (
    <div className="page">
      <div className="page-header">
        <h1>{MANAGEMENT_LABELS.title}</h1>
        {exportsMasterData && <ExportLinks />}
      </div>
      {POLICIES['masterData:write'](user) ? (
        <div className="management-tabs">
          <Tabs items={TABS} label={MANAGEMENT_LABELS.title} />
        </div>
      ) : (
        <div className="card export-panel">
          <p>{L.exportDebitorsHint}</p>
          <ExportLinks />
        </div>
      )}
      <Outlet />
    </div>
  );
}
