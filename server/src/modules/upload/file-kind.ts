// Recognises an upload by its content, never by its name: a zip is an xlsx candidate, or an .ods
// when it is an OpenDocument spreadsheet (other OpenDocument files are refused), an OLE compound file
// is a password-protected xlsx or an old .xls, readable text is CSV, anything else is refused.
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { UploadRejection } from './upload-rejection';

export type FileKind = 'xlsx' | 'ods' | 'csv';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Office puts an encrypted xlsx into an OLE file with this stream (names are UTF-16LE there). */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
export const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
export const UTF16BE_BOM = Buffer.from([0xfe, 0xff]);

export function detectFileKind(buffer: Buffer): FileKind {
  if (buffer.length === 0) throw new UploadRejection(UPLOAD_MESSAGES.emptyFile);
  if (startsWith(buffer, ZIP_MAGIC) || startsWith(buffer, EMPTY_ZIP_MAGIC)) {
    if (isOpenDocument(buffer)) {
      if (isOpenDocumentSpreadsheet(buffer)) return 'ods';
      throw new UploadRejection(UPLOAD_MESSAGES.openDocumentFile);
    }
    return 'xlsx';
  }
  if (startsWith(buffer, OLE_MAGIC)) {
    throw new UploadRejection(
      buffer.includes(ENCRYPTED_PACKAGE) ? UPLOAD_MESSAGES.encryptedFile : UPLOAD_MESSAGES.legacyExcelFile,
    );
  }
  if (startsWith(buffer, UTF16LE_BOM) || startsWith(buffer, UTF16BE_BOM)) return 'csv';
  if (looksBinary(buffer)) throw new UploadRejection(UPLOAD_MESSAGES.unsupportedFile);
  return 'csv';
}

/**
 * OpenDocument files (.ods from LibreOffice/OpenOffice) are zips too; their first entry, stored
 * uncompressed, is 'mimetype' holding application/vnd.oasis.opendocument.…, so it shows in the
 * first bytes.
 */
const OPEN_DOCUMENT_MIMETYPE = Buffer.from('mimetypeapplication/vnd.oasis.opendocument.');

function isOpenDocument(buffer: Buffer): boolean {
  return buffer.subarray(0, 256).includes(OPEN_DOCUMENT_MIMETYPE);
}

/** A spreadsheet (.ods) or its template (.ots): what LibreOffice Calc saves. */
const SPREADSHEET_MIMETYPE = Buffer.from('mimetypeapplication/vnd.oasis.opendocument.spreadsheet');

function isOpenDocumentSpreadsheet(buffer: Buffer): boolean {
  return buffer.subarray(0, 256).includes(SPREADSHEET_MIMETYPE);
}

function startsWith(buffer: Buffer, magic: Buffer): boolean {
  return buffer.length >= magic.length && buffer.subarray(0, magic.length).equals(magic);
}

/**
 * Text files never hold NUL bytes, and hardly any other C0 control characters besides tab, line
 * feed, carriage return, form feed and the DOS end-of-file mark.
 */
function looksBinary(buffer: Buffer): boolean {
  if (buffer.includes(0)) return true;
  const sample = buffer.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a)
      controls++;
  }
  return controls > sample.length / 100;
}
