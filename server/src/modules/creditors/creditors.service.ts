import { masterDataScope } from '@lp/domain/policies';
import type { Db } from '../../db/connection';
import { creditors } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../auth/index';
import { masterDataExists } from '../master-data/index';
import { findActiveUserEmailAddresses } from './creditors.repository';

/**
 * Addresses for the urgency e-mail. Spec section 1 gives the action to anyone who sees the creditor
 * list, so a supplier may ask for its own creditor; any other number is 403 (as reading it is).
 */
export async function creditorEmailAddresses(db: Db, user: SessionUser, number: number): Promise<string[]> {
  if (masterDataScope(user, 'creditors') === 'ownCreditor' && number !== user.creditorNumber) {
    throw AppError.forbidden();
  }
  if (!(await masterDataExists(db, creditors, number))) throw AppError.notFound();
  return findActiveUserEmailAddresses(db, number);
}
