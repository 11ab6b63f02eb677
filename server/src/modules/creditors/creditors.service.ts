import type { Db } from '../../db/connection';
import { creditors } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../auth/index';
import { masterDataExists } from '../master-data/index';
import { findActiveUserEmailAddresses } from './creditors.repository';
import { requireAccess } from '../../lib/access';

/**
 * Addresses for the urgency e-mail. Spec section 1 gives the action to anyone who sees the creditor
 * list, so a supplier may ask for its own creditor; any other number is 403 (as reading it is).
 */
export async function creditorEmailAddresses(db: Db, user: SessionUser, number: number): Promise<string[]> {
  requireAccess(user, 'masterData:askFor', ['creditors', number]);
  if (!(await masterDataExists(db, creditors, number))) throw AppError.notFound();
  return findActiveUserEmailAddresses(db, number);
}
