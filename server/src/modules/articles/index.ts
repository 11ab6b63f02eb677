// The articles module's door: the kind and its spreadsheet columns (the master-data workbook).
export { articleKind } from './articles.kind';
export { articleColumns } from './articles.columns';
