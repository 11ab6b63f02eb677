import { Navigate } from 'react-router';
import { MANAGEMENT_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { listPath } from '../kinds/resource';

/** /management: admins continue to the article list; suppliers see the hub with its download only. */
export function ManagementIndex() {
  const user = useCurrentUser();
  usePageTitle(MANAGEMENT_LABELS.title);
  return POLICIES['masterData:write'](user) ? <Navigate to={listPath('articles')} replace /> : null;
}
