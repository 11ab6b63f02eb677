// The article list as a file: Artikel.csv, and the Artikel sheet of the master-data export.
import type { Article } from '@lp/domain/entities';
import { ARTICLE_LABELS } from '@lp/domain/labels';
import { ARTICLE_NUMBER_DIGITS } from '@lp/domain/limits';
import { yesNo, type Column } from '../../lib/spreadsheet';

export const articleColumns: readonly Column<Article>[] = [
  // Zero-padded in Excel as on screen (001200), still a number there; Artikel.csv has the plain number.
  {
    header: ARTICLE_LABELS.number,
    value: (a) => a.number,
    width: 14,
    numFmt: '0'.repeat(ARTICLE_NUMBER_DIGITS),
  },
  { header: ARTICLE_LABELS.name, value: (a) => a.name, width: 50 },
  { header: ARTICLE_LABELS.isActive, value: (a) => yesNo(a.isActive), width: 8 },
];
