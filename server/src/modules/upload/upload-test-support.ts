// Test helpers of the upload: multipart bodies built by hand, CSV files in the encodings German
// users produce, and a minimal zip writer for hostile archives (sizes and counts of our choosing).
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import type { InjectOptions } from 'fastify';
import { UPLOAD_FIELD_NAME } from '@lp/domain/upload-columns';

/** The template's header row, as the test files write it. */
export const HEADER = [
  'Rechnungsdatum',
  'Rechnungsnummer',
  'Debitornummer',
  'Lieferort',
  'Artikelnummer',
  'Nettobetrag',
  'Zusatzinformation',
  'Kreditornummer',
];

export interface UploadFile {
  filename: string;
  content: Buffer | string;
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(
  files: UploadFile[],
  fields: Record<string, string> = {},
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----lpBoundary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? UPLOAD_FIELD_NAME}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * `POST /api/upload` of one UTF-8 CSV file with the template's header and these rows, without the
 * duplicate check (inject options for `t.request`).
 */
export function csvUpload(rows: (string | number)[][]): InjectOptions {
  return {
    method: 'POST',
    url: '/api/upload?checkForDuplicates=false',
    ...multipart([{ filename: 'buchungen.csv', content: csvFile([HEADER, ...rows]) }]),
  };
}

export type Encoding = 'utf8' | 'utf8-bom' | 'windows-1252' | 'utf16le-bom';

/** Rows joined as a CSV file: fields quoted where needed, in the given delimiter, line end and encoding. */
export function csvFile(
  rows: (string | number)[][],
  {
    delimiter = ';',
    lineEnd = '\r\n',
    encoding = 'windows-1252',
  }: { delimiter?: string; lineEnd?: string; encoding?: Encoding } = {},
): Buffer {
  const quote = (value: string | number) => {
    const s = String(value);
    return s.includes(delimiter) || s.includes('"') || s.includes('\n') || s.includes('\r')
      ? `"${s.replace(/"/g, '""')}"`
      : s;
  };
  const text = rows.map((row) => row.map(quote).join(delimiter)).join(lineEnd) + lineEnd;
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'windows-1252':
      return iconv.encode(text, 'windows-1252');
    case 'utf16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
  }
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Stored (0) or deflated (8, default). */
  method?: 0 | 8;
  /** Overrides of the sizes written into the headers (to lie). */
  declaredUncompressedSize?: number;
  /** General purpose flag (bit 0 = encrypted). */
  flags?: number;
}

/** A zip archive with exactly these entries and headers. */
export function zipArchive(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const body = method === 8 ? zlib.deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredUncompressedSize ?? entry.data.length;
    const crc = zlib.crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

/** The parts every xlsx has, for hostile archives that look like one. */
export function minimalXlsxParts(sheetXml: string): ZipEntrySpec[] {
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tabelle1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml) },
  ];
}

/** A worksheet part with these rows of inline strings. */
export function sheetXml(rows: string[][]): string {
  const col = (i: number) => String.fromCharCode(65 + i);
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((v, i) => `<c r="${col(i)}${r + 1}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** What Office makes of a password-protected xlsx: an OLE compound file with an EncryptedPackage stream. */
export function encryptedOfficeFile(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(512);
  Buffer.from('EncryptionInfo', 'utf16le').copy(directory, 128);
  Buffer.from('EncryptedPackage', 'utf16le').copy(directory, 256);
  return Buffer.concat([header, directory, Buffer.alloc(2048, 0x5a)]);
}

/** content.xml of an .ods with one table of these rows (text cells), and `extra` XML after them. */
export function odsContentXml(rows: readonly (readonly string[])[], extra = ''): string {
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const body = rows
    .map(
      (row) =>
        `<table:table-row>${row
          .map(
            (v) =>
              `<table:table-cell office:value-type="string"><text:p>${escape(v)}</text:p></table:table-cell>`,
          )
          .join('')}</table:table-row>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content ' +
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>' +
    `<table:table table:name="Tabelle1">${body}${extra}</table:table></office:spreadsheet></office:body></office:document-content>`
  );
}

/** The parts of a minimal .ods: the stored mimetype first, then content.xml. */
export function minimalOdsParts(contentXml: string): ZipEntrySpec[] {
  return [
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 },
    { name: 'content.xml', data: Buffer.from(contentXml) },
  ];
}
