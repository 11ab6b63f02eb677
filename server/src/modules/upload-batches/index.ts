// The upload batches' door: the upload opens and closes its batch in its own transaction.
export { finishUploadBatch, insertUploadBatch } from './upload-batches.repository';
