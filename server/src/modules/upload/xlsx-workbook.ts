// The parts of an xlsx that its worksheets need (ECMA-376 part 1, SpreadsheetML), each opened through
// the zip guard and read with saxes: the sheets in tab order with their state (workbook.xml) and part
// (workbook.xml.rels), the 1904 date system, the shared strings (rich-text runs joined, phonetic runs
// left out), and which cell styles (styles.xml cellXfs) show a date.
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { shortSheetName } from './sheet-row';
import { UploadRejection } from './upload-rejection';
import { localName, readXmlPart } from './xml-part';
import type { ZipArchive } from './zip-guard';

export interface XlsxSheet {
  name: string;
  /** The worksheet's part in the zip. */
  path: string;
}

export interface XlsxWorkbook {
  /** Visible worksheets in tab order. */
  sheets: XlsxSheet[];
  /** Serial dates count from 1904-01-01 (old Mac Excel), not from 1899-12-30. */
  date1904: boolean;
  sharedStrings: string[];
  /** By cell style index (a cell's `s`): whether its number format shows a date or a time. */
  dateStyles: boolean[];
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

export async function readWorkbook(zip: ZipArchive): Promise<XlsxWorkbook> {
  if (!zip.has('[Content_Types].xml') || !zip.has(WORKBOOK)) {
    throw new UploadRejection(UPLOAD_MESSAGES.corruptXlsx);
  }
  const rels = zip.has(WORKBOOK_RELS) ? await readRelationships(zip, WORKBOOK_RELS) : [];
  const book = await readWorkbookPart(zip);
  const partOf = (type: string, fallback: string) => {
    const target = rels.find((rel) => rel.type.endsWith(`/${type}`))?.target;
    const path = target === undefined ? fallback : partPath(target);
    return zip.has(path) ? path : undefined;
  };
  const sharedStringsPath = partOf('sharedStrings', 'xl/sharedStrings.xml');
  const stylesPath = partOf('styles', 'xl/styles.xml');
  return {
    sheets: visibleSheets(book.sheets, rels, zip),
    date1904: book.date1904,
    sharedStrings: sharedStringsPath ? await readSharedStrings(zip, sharedStringsPath) : [],
    dateStyles: stylesPath ? await readDateStyles(zip, stylesPath) : [],
  };
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

async function readRelationships(zip: ZipArchive, path: string): Promise<Relationship[]> {
  const rels: Relationship[] = [];
  await readXmlPart(await zip.open(path), {
    opentag(tag) {
      if (localName(tag.name) !== 'Relationship') return;
      const a = tag.attributes;
      if (a.TargetMode === 'External' || !a.Id || !a.Target) return;
      rels.push({ id: a.Id, type: a.Type ?? '', target: a.Target });
    },
  });
  return rels;
}

/** A relationship's target (relative to xl/, or absolute from the package root) as a zip path. */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

interface BookSheet {
  name: string;
  state: string | undefined;
  relId: string | undefined;
}

async function readWorkbookPart(zip: ZipArchive): Promise<{ sheets: BookSheet[]; date1904: boolean }> {
  const sheets: BookSheet[] = [];
  let date1904 = false;
  // Extensions may reuse the names (Excel writes an x15:workbookPr into extLst).
  let extensions = 0;
  await readXmlPart(await zip.open(WORKBOOK), {
    opentag(tag) {
      const a = tag.attributes;
      switch (localName(tag.name)) {
        case 'extLst':
          extensions += 1;
          break;
        case 'workbookPr':
          if (extensions === 0) date1904 = a.date1904 === '1' || a.date1904 === 'true';
          break;
        case 'sheet': {
          if (extensions > 0) break;
          // r:id, whatever prefix the file gives the relationships namespace.
          const idKey = Object.keys(a).find((key) => key.includes(':') && localName(key) === 'id');
          sheets.push({ name: a.name ?? '', state: a.state, relId: idKey ? a[idKey] : undefined });
          break;
        }
      }
    },
    closetag(tag) {
      if (localName(tag.name) === 'extLst') extensions -= 1;
    },
  });
  return { sheets, date1904 };
}

/** The visible sheets in the workbook's tab order, resolved through the relationships. */
function visibleSheets(sheets: BookSheet[], rels: Relationship[], zip: ZipArchive): XlsxSheet[] {
  const visible: XlsxSheet[] = [];
  for (const sheet of sheets) {
    if (sheet.state === 'hidden' || sheet.state === 'veryHidden') continue;
    const target = rels.find((rel) => rel.id === sheet.relId)?.target;
    if (!target) continue;
    const path = partPath(target);
    if (zip.has(path)) visible.push({ name: shortSheetName(sheet.name), path });
  }
  if (visible.length > 0) return visible;
  // Without usable relationships: the lowest-numbered worksheet part.
  const [path] = zip
    .names()
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a.slice(14))?.[0]) - Number(/\d+/.exec(b.slice(14))?.[0]));
  return path ? [{ name: '', path }] : [];
}

/**
 * The shared-strings table: each `<si>` is its `<t>`, or its rich-text runs' `<t>`s joined; phonetic
 * runs (`<rPh>`, the reading of Japanese text) are not part of the text. The zip guard counts entries.
 */
async function readSharedStrings(zip: ZipArchive, path: string): Promise<string[]> {
  const strings: string[] = [];
  let parts: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  await readXmlPart(await zip.open(path, { sharedStrings: true }), {
    opentag(tag) {
      switch (localName(tag.name)) {
        case 'si':
          parts = [];
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 't':
          inText = parts !== undefined && phonetic === 0;
          break;
      }
    },
    text(text) {
      if (inText) parts!.push(text);
    },
    closetag(tag) {
      switch (localName(tag.name)) {
        case 'si':
          strings.push(unescapeXstring(parts!.join('')));
          parts = undefined;
          break;
        case 'rPh':
          phonetic -= 1;
          break;
        case 't':
          inText = false;
          break;
      }
    },
  });
  return strings;
}

/** ST_Xstring's escapes of characters XML cannot carry: `_x000D_` is a carriage return, `_x005F_` a '_'. */
export function unescapeXstring(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

/** Whether each cell style (cellXfs, in order) has a date or time number format. */
async function readDateStyles(zip: ZipArchive, path: string): Promise<boolean[]> {
  const customFormats = new Map<string, string>();
  const formatIds: string[] = [];
  // The formats of <numFmts> and the styles of <cellXfs>, not those of differential formats (<dxfs>).
  let inNumFmts = false;
  let inCellXfs = false;
  await readXmlPart(await zip.open(path, { styles: true }), {
    opentag(tag) {
      const a = tag.attributes;
      switch (localName(tag.name)) {
        case 'numFmts':
          inNumFmts = true;
          break;
        case 'numFmt':
          if (inNumFmts && a.numFmtId !== undefined) customFormats.set(a.numFmtId.trim(), a.formatCode ?? '');
          break;
        case 'cellXfs':
          inCellXfs = true;
          break;
        case 'xf':
          if (inCellXfs) formatIds.push((a.numFmtId ?? '0').trim());
          break;
      }
    },
    closetag(tag) {
      const name = localName(tag.name);
      if (name === 'numFmts') inNumFmts = false;
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formatIds.map((id) => {
    const code = customFormats.get(id);
    return code === undefined ? BUILT_IN_DATE_FORMATS.has(Number(id)) : isDateFormatCode(code);
  });
}

/**
 * The built-in number formats that show dates or times (ECMA-376 part 1, 18.8.30): 14–22 and 45–47
 * everywhere, 27–36 and 50–58 in the East Asian locales.
 */
const BUILT_IN_DATE_FORMATS = new Set(
  [
    [14, 22],
    [27, 36],
    [45, 47],
    [50, 58],
  ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)),
);

/**
 * A custom format code shows a date or time when it has a d, m, y, h or s outside quoted text,
 * escaped or padding characters and bracketed parts (colours, locales, conditions); elapsed time
 * ([h], [mm], [ss]) counts.
 */
export function isDateFormatCode(code: string): boolean {
  if (/^\s*general\s*$/i.test(code)) return false;
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/[\\_*]./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare);
}
