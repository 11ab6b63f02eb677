// The creditors module's door: the kind (for the master-data workbook), its spreadsheet columns and
// the creditor's last report (read by the Meldestatus).
export { creditorKind, lastTransactionCreationDate } from './creditors.kind';
export { creditorColumns } from './creditors.columns';
