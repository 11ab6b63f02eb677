import { FILE_NAMES } from '@lp/domain/file-names';
import { downloadFile } from '../../../lib/download';
import { withQuery } from '../../../lib/query-string';

export type TemplateFormat = 'csv' | 'xlsx';

const FILE_NAME: Record<TemplateFormat, string> = {
  csv: FILE_NAMES.templateCsv,
  xlsx: FILE_NAMES.templateXlsx,
};

/** GET /api/upload/template?format=: the upload template (header row and one example row). */
export function downloadTemplate(format: TemplateFormat): Promise<boolean> {
  return downloadFile(withQuery('/api/upload/template', { format }), FILE_NAME[format]);
}
