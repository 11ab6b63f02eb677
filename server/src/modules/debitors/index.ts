// The debitors module's door: the kind and its spreadsheet columns (the master-data workbook).
export { debitorKind } from './debitors.kind';
export { debitorColumns } from './debitors.columns';
