// The mail module's door: the mailer every mail-writing service is given, and the receipts the
// upload and the empty report queue in their own transactions.
export type { Mailer } from './mailer';
export { queueEmptyReportReceipt, queueUploadReceipt, receiptsWanted, setReceiptsWanted } from './receipts';
