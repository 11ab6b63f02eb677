import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_LENGTH } from '@lp/domain/limits';
import { UPLOAD_BATCH_LABELS } from '@lp/domain/labels';
import { uploadFileName } from './upload-file-name';

describe('uploadFileName', () => {
  it.each([
    ['Buchungen März.xlsx', 'Buchungen März.xlsx'],
    ['C:\\Users\\x\\Buchungen.csv', 'Buchungen.csv'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\r\nc.csv', 'abc.csv'],
    // Shown right to left, this would read "Rechnungvsc.jpg"; a C1 control as well.
    ['Rechnung\u202Egpj.csv', 'Rechnunggpj.csv'],
    ['a\u2066b\u2069\u200f\u0085.csv', 'ab.csv'],
    ['  ', UPLOAD_BATCH_LABELS.unnamedFile],
    [undefined, UPLOAD_BATCH_LABELS.unnamedFile],
  ])('%j → %j', (sent, stored) => {
    expect(uploadFileName(sent)).toBe(stored);
  });

  it('cuts a long name to the column length, never inside a character', () => {
    const name = uploadFileName(`${'ä'.repeat(FILE_NAME_MAX_LENGTH)}😀.csv`);
    expect([...name]).toHaveLength(FILE_NAME_MAX_LENGTH);
  });
});
