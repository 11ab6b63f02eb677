// Access tokens: HS256 JWTs carrying the user id, the user's token version and a random token id
// (`jti`, what a logout revokes). The signing secret is generated once and kept in the database, so
// every server on the same database accepts the token. A token without expiry or id is refused.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/connection';
import { appSettings } from '../../db/schema';

export interface TokenKeys {
  /**
   * The secret imported once as an HMAC key: jose imports a raw secret again for every token it
   * signs or checks (85 → 36 µs per verification measured on this machine).
   */
  key: crypto.webcrypto.CryptoKey;
  lifetimeSeconds: number;
  /**
   * Tokens this key has verified, by their exact text: a browser sends the same token with every
   * request, and checking its signature again through WebCrypto cost ~50 µs of CPU and an extra turn of
   * the event loop per request (docs/performance.md, change 19). Only a verified token enters, so a
   * caller cannot fill it with anything else; expiry is checked on every use.
   */
  verified: Map<string, VerifiedToken>;
}

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

/** A verified token: its claims, its id and when it expires. */
export interface VerifiedToken extends TokenClaims {
  tokenId: string;
  expiresAt: Date;
}

const SECRET_KEY = 'token_secret';
/** Our ids are UUIDs (36 characters); the revocation table's column holds 64. */
export const TOKEN_ID_MAX_LENGTH = 64;
const ISSUER = 'lieferantenportal';
/** Enough for every user signed in to one server; the least recently used is dropped beyond it. */
export const VERIFIED_TOKENS_MAX = 2_000;

export async function loadTokenKeys(db: Db, lifetimeSeconds: number): Promise<TokenKeys> {
  await db
    .insert(appSettings)
    .values({ key: SECRET_KEY, value: crypto.randomBytes(48).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY));
  if (!row) throw new Error('token secret missing');
  const key = await crypto.webcrypto.subtle.importKey(
    'raw',
    Buffer.from(row.value, 'base64'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return { key, lifetimeSeconds, verified: new Map() };
}

/**
 * A new signing secret: every token signed before is refused once the servers have loaded it (they
 * read the secret at start). A backup holds the secret; after losing one, or a suspected leak,
 * rotate (docs/operations.md, "A backup is a secret").
 */
export async function rotateTokenSecret(db: Db): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: SECRET_KEY, value: crypto.randomBytes(48).toString('base64') })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
}

export function signAccessToken(keys: TokenKeys, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${keys.lifetimeSeconds}s`)
    .sign(keys.key);
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<VerifiedToken | null> {
  const known = keys.verified.get(token);
  if (known) {
    keys.verified.delete(token);
    if (known.expiresAt.getTime() <= Date.now()) return null;
    keys.verified.set(token, known); // now the most recently used
    return known;
  }
  const verified = await verifySignedToken(keys, token);
  if (verified) {
    keys.verified.set(token, verified);
    if (keys.verified.size > VERIFIED_TOKENS_MAX) {
      keys.verified.delete(keys.verified.keys().next().value!);
    }
  }
  return verified;
}

async function verifySignedToken(keys: TokenKeys, token: string): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, keys.key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'jti', 'sub'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload.ver;
    const { jti, exp } = payload;
    if (!Number.isInteger(userId) || typeof tokenVersion !== 'number') return null;
    if (typeof jti !== 'string' || jti.length === 0 || jti.length > TOKEN_ID_MAX_LENGTH) return null;
    if (typeof exp !== 'number') return null;
    return { userId, tokenVersion, tokenId: jti, expiresAt: new Date(exp * 1000) };
  } catch {
    return null;
  }
}
