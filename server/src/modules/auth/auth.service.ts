// The sign-in's reads and writes, for its routes (routes reach SQL through a service).
import type { Db } from '../../db/connection';
import { findCredentialsByEmail, revokeToken } from './session-user.repository';

/** The user a login names (trimmed, case-insensitive), with what the password check needs. */
export function findLoginCredentials(db: Db, username: string) {
  return findCredentialsByEmail(db, username);
}

/** `Abmelden`: the token is refused from now on, on every server. */
export function revokeSessionToken(db: Db, tokenId: string, expiresAt: Date): Promise<void> {
  return revokeToken(db, tokenId, expiresAt);
}
