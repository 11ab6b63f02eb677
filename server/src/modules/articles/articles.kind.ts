// Articles as a master-data kind. Article 999 is the empty report's (Leermeldung): never deleted,
// deactivated or changed. Suppliers read active articles: they need them to book.
import { articleInputSchema, articleSchema } from '@lp/domain/article.schema';
import { EMPTY_REPORT_ARTICLE_NUMBER } from '@lp/domain/reserved-records';
import { ARTICLE_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { padArticleNumber } from '@lp/domain/numbers';
import { articles } from '../../db/schema';
import { defineMasterDataKind } from '../master-data/index';
import { toArticleResponse } from './articles.mapper';

export const articleKind = defineMasterDataKind({
  path: 'articles',
  table: articles,
  selection: { id: articles.id, number: articles.number, name: articles.name, isActive: articles.isActive },
  toResponse: toArticleResponse,
  inputSchema: articleInputSchema,
  rules: articleSchema,
  toRow: (input) => ({ number: input.number, name: input.name, isActive: input.isActive }),
  labels: ARTICLE_LABELS,
  deleteFailed: MASTER_DATA_MESSAGES.articleDeleteFailed,
  reservedNumber: EMPTY_REPORT_ARTICLE_NUMBER,
  formatNumber: padArticleNumber,
});
