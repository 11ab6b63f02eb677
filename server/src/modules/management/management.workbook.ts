// The master-data spreadsheet of the Stammdaten hub: one sheet per tab, named like the tabs.
import type { Article, Creditor, Debitor, User } from '@lp/domain/entities';
import { MANAGEMENT_LABELS } from '@lp/domain/labels';
import { articleColumns } from '../articles/index';
import { creditorColumns } from '../creditors/index';
import { debitorColumns } from '../debitors/index';
import { addSheet, newWorkbook, workbookBuffer } from '../../lib/spreadsheet';
import { userColumns } from '../users/index';

export interface MasterData {
  articles: readonly Article[];
  creditors: readonly Creditor[];
  debitors: readonly Debitor[];
  users: readonly User[];
}

export async function masterDataWorkbook(data: MasterData): Promise<Buffer> {
  const workbook = await newWorkbook();
  addSheet(workbook, MANAGEMENT_LABELS.articles, articleColumns, data.articles);
  addSheet(workbook, MANAGEMENT_LABELS.creditors, creditorColumns, data.creditors);
  addSheet(workbook, MANAGEMENT_LABELS.debitors, debitorColumns, data.debitors);
  addSheet(workbook, MANAGEMENT_LABELS.users, userColumns, data.users);
  return workbookBuffer(workbook);
}
