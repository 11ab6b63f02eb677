// exceljs adds ~30 MB to the process once loaded, and only xlsx work needs it: it is loaded on first
// use, so CSV imports and the API at rest do without it.
import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
