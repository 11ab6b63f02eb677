// Whether a user may create, change and delete records of a master-data screen: articles, creditors
// and debitors are master data, users are managed apart (both rules in domain/src/policies.ts).
import { POLICIES, type Actor } from '@lp/domain/policies';
import type { ResourcePath } from '../../../api/master-data-keys';

export function mayWrite(user: Actor, path: ResourcePath): boolean {
  return path === 'users' ? POLICIES['users:manage'](user) : POLICIES['masterData:write'](user);
}
