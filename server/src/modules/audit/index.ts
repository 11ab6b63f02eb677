// The audit module's door: every writing service records its change through these, in its own
// database transaction (decision 0011).
export {
  recordCreated,
  recordDeleted,
  recordUpdated,
  snapshotForUpdate,
  type AuditActor,
} from './audit.recorder';
export { PASSWORD_CHANGED } from './audit.changes';
