// Optimistic concurrency of the master-data and user edit forms through HTTP's own headers, so the
// records' JSON stays the spec's: GET of one record answers `ETag: "<version>"`, and a PUT or DELETE
// that sends `If-Match` with it is refused (412, nothing stored or removed) when the record has
// changed since. Without If-Match (another client of the API) they act as before (docs/decisions/0046).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { AppError } from './app-error';

export function setRecordVersion(reply: FastifyReply, version: number): void {
  void reply.header('etag', `"${version}"`);
}

/**
 * The version the client loaded, from If-Match ("3", W/"3"); undefined without the header. A value
 * that is no version of ours can match none: it is refused like a changed record. `*` matches any
 * current version of an existing record (RFC 9110 section 13.1.1), so it checks no version: the
 * routes answer 404 for a record that does not exist, as without the header.
 */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(value);
  return match ? Number(match[1]) : -1;
}

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
