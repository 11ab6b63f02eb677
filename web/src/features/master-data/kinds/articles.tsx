import { ARTICLE_LABELS, MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MASTER_DATA_SCREEN_MESSAGES as M } from '@lp/domain/messages';
import { padArticleNumber } from '@lp/domain/numbers';
import type { Article } from '@lp/domain/entities';
import { articleFormSchema, emptyArticleFormValues, toArticleFormValues } from '@lp/domain/article.schema';
import { Checkmark } from '../../../components/ui/checkmark';
import { numberNameLabel } from '../../../components/ui/select-options';
import type { NumberedResource } from './resource';

export const articleResource: NumberedResource<Article> = {
  path: 'articles',
  listTitle: L.articleList,
  addLabel: L.addArticle,
  editTitle: L.editArticle,
  newTitle: L.newArticle,
  savedMessage: M.articleSaved,
  createdMessage: M.articleCreated,
  deleteFailedMessage: MASTER_DATA_MESSAGES.articleDeleteFailed,
  keyOf: (article) => article.number,
  deleteObject: (article) =>
    M.articleToDelete(numberNameLabel(padArticleNumber(article.number), article.name)),
  deletedMessage: (article) =>
    M.articleDeleted(numberNameLabel(padArticleNumber(article.number), article.name)),
  // The number as shown (001200): "1200" and "001200" both find it.
  searchText: (article) => `${padArticleNumber(article.number)} ${article.name}`,
  columns: [
    {
      header: ARTICLE_LABELS.number,
      cell: (article) => padArticleNumber(article.number),
      className: 'cell--nowrap',
      link: true,
    },
    { header: ARTICLE_LABELS.name, cell: (article) => article.name, className: 'cell--text' },
    {
      header: ARTICLE_LABELS.isActive,
      cell: (article) => <Checkmark checked={article.isActive} />,
      className: 'cell--center',
    },
  ],
  labels: ARTICLE_LABELS,
  formSchema: articleFormSchema,
  emptyValues: emptyArticleFormValues,
  toFormValues: toArticleFormValues,
  formatNumber: padArticleNumber,
  addressFields: false,
};
