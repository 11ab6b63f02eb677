// The export batches' door: the bookings export writes its batch and file through these (decision
// 0012); a re-export asks whether a batch was delivered again.
export {
  appendExportFile,
  batchReexported,
  finishExportBatch,
  insertExportBatch,
  openExportFile,
} from './exports.repository';
