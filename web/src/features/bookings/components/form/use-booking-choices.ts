import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import type { Booking } from '@lp/domain/entities';
import { padArticleNumber } from '@lp/domain/numbers';
import { useArticles } from '../../../../api/get-articles';
import { useDebitors } from '../../../../api/get-debitors';
import { bookingOptions } from '../../utils/master-data-options';
import { useCreditorChoice } from './use-creditor-choice';

/**
 * The choices of the booking forms: active articles and debitors without the empty-report records,
 * and the creditor. On the edit form the booking's current records stay choosable even when they are
 * no longer active, so the form shows what is stored.
 */
export function useBookingChoices(current?: Booking) {
  const articles = useArticles({ onlyActive: true });
  const debitors = useDebitors({ onlyActive: true });
  const { isLoading: creditorsLoading, ...creditor } = useCreditorChoice(current?.creditor);
  return {
    articleOptions: bookingOptions(articles.data, {
      reserved: EMPTY_REPORT_ARTICLE_NUMBER,
      current: current?.article,
      formatNumber: padArticleNumber,
    }),
    debitorOptions: bookingOptions(debitors.data, {
      reserved: EMPTY_REPORT_DEBITOR_NUMBER,
      current: current?.debitor,
    }),
    creditor,
    isLoading: articles.isPending || debitors.isPending || creditorsLoading,
  };
}
