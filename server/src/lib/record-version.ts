// The check behind the master-data and user edit forms' If-Match (http/record-version.ts reads the
// header): a service refuses a save or delete of a record that changed since the client loaded it.
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { AppError } from './app-error';

/** Throws the German 412 when the stored version is not the one the client loaded. */
export function assertVersion(
  expected: number | undefined,
  stored: number,
  action: 'save' | 'delete' = 'save',
): void {
  if (expected !== undefined && expected !== stored) {
    const message =
      action === 'delete'
        ? MASTER_DATA_MESSAGES.versionConflictOnDelete
        : MASTER_DATA_MESSAGES.versionConflict;
    throw AppError.of('PRECONDITION_FAILED', message);
  }
}

/**
 * Before a delete with If-Match (`expected`): reads the stored version with `lockVersion`, which locks
 * the record's row until the transaction ends (undefined when there is none), and throws 404 when the
 * record is gone, the German 412 when it changed since it was loaded. Without If-Match nothing is read.
 */
export async function assertUnchangedBeforeDelete(
  expected: number | undefined,
  lockVersion: () => Promise<number | undefined>,
): Promise<void> {
  if (expected === undefined) return;
  const stored = await lockVersion();
  if (stored === undefined) throw AppError.notFound();
  assertVersion(expected, stored, 'delete');
}
