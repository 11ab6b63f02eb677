// Access tokens: HS256 JWTs carrying the user id and the user's token version. The signing secret is
// generated once and kept in the database, so every server on the same database accepts the token.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/connection';
import { appSettings } from '../../db/schema';

export interface TokenKeys {
  secret: Uint8Array;
  lifetimeSeconds: number;
}

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

const SECRET_KEY = 'token_secret';
const ISSUER = 'lieferantenportal';

export async function loadTokenKeys(db: Db, lifetimeSeconds: number): Promise<TokenKeys> {
  await db
    .insert(appSettings)
    .values({ key: SECRET_KEY, value: crypto.randomBytes(48).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY));
  if (!row) throw new Error('token secret missing');
  return { secret: Buffer.from(row.value, 'base64'), lifetimeSeconds };
}

export function signAccessToken(keys: TokenKeys, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${keys.lifetimeSeconds}s`)
    .sign(keys.secret);
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(keys: TokenKeys, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const tokenVersion = payload.ver;
    if (!Number.isInteger(userId) || typeof tokenVersion !== 'number') return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
