import type { Creditor } from '@lp/domain/entities';
import { POLICIES } from '@lp/domain/policies';
import { numberNameLabel } from '../../../../components/ui/select-options';
import { useCurrentUser } from '../../../../lib/current-user';
import { useCreditors } from '../../../../api/get-creditors';
import { bookingOptions } from '../../utils/master-data-options';
import type { CreditorChoice } from './creditor-field';

/**
 * The creditor of the booking forms: admins choose among the active creditors (plus the booking's
 * own on the edit form), a supplier books for its own creditor, shown as 'number – name'.
 */
export function useCreditorChoice(current?: Pick<Creditor, 'number' | 'name'>): CreditorChoice & {
  isLoading: boolean;
} {
  const user = useCurrentUser();
  const anyCreditor = POLICIES['booking:anyCreditor'](user);
  // A supplier's list holds just its own creditor, active or not: that is the one to show.
  const creditors = useCreditors({ onlyActive: anyCreditor });
  const ownNumber = user.creditorNumber;
  const own = creditors.data?.find((creditor) => creditor.number === ownNumber);
  return {
    options: anyCreditor ? bookingOptions(creditors.data, { current }) : null,
    ownLabel: own ? numberNameLabel(own.number, own.name) : ownNumber === null ? '' : String(ownNumber),
    isLoading: creditors.isPending,
  };
}
