import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Creditor } from '@lp/domain/entities';
import { MASTER_DATA_SCREEN_MESSAGES as M } from '@lp/domain/messages';
import { urgencyMailHref } from '@lp/domain/urgency-mail';
import { getCreditorEmailAddresses } from '../../api/get-creditor-email-addresses';
import { ApiError, isClientError } from '../../lib/api-error';
import { openMailDraft } from '../../lib/open-mail-draft';
import { numberNameLabel } from '../ui/select-options';

/** What the urgency e-mail needs of a creditor (the creditor list's and the reporting status' rows). */
export type UrgencyMailCreditor = Pick<Creditor, 'number' | 'name' | 'lastTransactionCreationDate'>;

/**
 * The urgency e-mail of one creditor (spec section 2, decisions.md section 8): fetches the addresses
 * of the creditor's active users and opens a draft to all of them. Without any address the admin is
 * told so instead of getting an empty draft.
 */
export function useUrgencyMail() {
  const [notice, setNotice] = useState<string | null>(null);
  const addresses = useMutation({
    mutationFn: (creditor: UrgencyMailCreditor) => getCreditorEmailAddresses(creditor.number),
  });

  const { mutate } = addresses;
  // Stable, so that rows given it as a prop can skip rendering (the reporting status has 500 of them).
  const compose = useCallback(
    (creditor: UrgencyMailCreditor) => {
      setNotice(null);
      mutate(creditor, {
        onSuccess: (list) => {
          if (list.length === 0)
            setNotice(M.urgencyMailNoRecipients(numberNameLabel(creditor.number, creditor.name)));
          else openMailDraft(urgencyMailHref(list, creditor.lastTransactionCreationDate));
        },
        onError: (error) => {
          if (isClientError(error) && error instanceof ApiError) setNotice(error.message);
        },
      });
    },
    [mutate],
  );

  return {
    compose,
    notice,
    dismissNotice: () => setNotice(null),
    /** The creditor whose addresses are being fetched. */
    pendingNumber: addresses.isPending ? addresses.variables?.number : undefined,
  };
}
