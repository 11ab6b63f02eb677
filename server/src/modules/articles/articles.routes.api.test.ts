import { padArticleNumber } from '@lp/domain/numbers';
import { EMPTY_REPORT_ARTICLE_NUMBER } from '@lp/domain/reserved-records';
import { ARTICLE_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { createArticle, createBooking } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { articles } from '../../db/schema';
import { describeMasterDataApi } from '../master-data/master-data.test-support';

const t = useTestApp();

describeMasterDataApi(t, {
  path: 'articles',
  table: articles,
  labels: ARTICLE_LABELS,
  requiredFields: ['number', 'name'],
  deleteFailed: MASTER_DATA_MESSAGES.articleDeleteFailed,
  body: (number) => ({ number, name: `Recyclingpapier ${number}`, isActive: true }),
  create: (app, values) => createArticle(app.db, values),
  reference: (app, number) => createBooking(app.db, { articleNumber: number }),
  reservedNumber: EMPTY_REPORT_ARTICLE_NUMBER,
  supplierView: 'active',
  formatNumber: padArticleNumber,
});
