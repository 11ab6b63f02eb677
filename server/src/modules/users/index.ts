// The users module's door: the spreadsheet columns of the master-data workbook.
export { userColumns } from './users.columns';
