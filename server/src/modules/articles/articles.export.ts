// The article list as a file: Artikel.csv, and the Artikel sheet of the master-data export.
import type { Article } from '@lp/domain/entities';
import { ARTICLE_LABELS } from '@lp/domain/labels';
import { yesNo, type Column } from '../../lib/spreadsheet';

export const articleColumns: readonly Column<Article>[] = [
  { header: ARTICLE_LABELS.number, value: (a) => a.number, width: 14 },
  { header: ARTICLE_LABELS.name, value: (a) => a.name, width: 50 },
  { header: ARTICLE_LABELS.isActive, value: (a) => yesNo(a.isActive), width: 8 },
];
