// The verified-token cache of verifyAccessToken: a token checked once is not trusted beyond what its
// signature and expiry allow.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, VERIFIED_TOKENS_MAX, verifyAccessToken, type TokenKeys } from './tokens';

async function keysWith(lifetimeSeconds = 3600): Promise<TokenKeys> {
  const key = await crypto.webcrypto.subtle.importKey(
    'raw',
    crypto.randomBytes(48),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return { key, lifetimeSeconds, verified: new Map() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('answers the same claims for a token it has verified before', async () => {
    const keys = await keysWith();
    const token = await signAccessToken(keys, { userId: 7, tokenVersion: 3 });
    const first = await verifyAccessToken(keys, token);
    expect(first).toMatchObject({ userId: 7, tokenVersion: 3 });
    expect(await verifyAccessToken(keys, token)).toEqual(first);
  });

  it('refuses a verified token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = await keysWith(60);
    const token = await signAccessToken(keys, { userId: 7, tokenVersion: 1 });
    expect(await verifyAccessToken(keys, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 59_000);
    expect(await verifyAccessToken(keys, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 1_000);
    expect(await verifyAccessToken(keys, token)).toBeNull();
    expect(await verifyAccessToken(keys, token)).toBeNull();
  });

  it('refuses an altered copy of a verified token and a token of another key', async () => {
    const keys = await keysWith();
    const token = await signAccessToken(keys, { userId: 7, tokenVersion: 1 });
    expect(await verifyAccessToken(keys, token)).not.toBeNull();
    // One character inside the signature: all of its bits count. (Not the last character: its lowest
    // bits are padding, which decoders ignore, so 'A' → 'B' there left the token valid 1 time in 16.)
    const at = token.lastIndexOf('.') + 10;
    const altered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await verifyAccessToken(keys, altered)).toBeNull();
    expect(await verifyAccessToken(await keysWith(), token)).toBeNull();
  });

  it(`keeps at most ${VERIFIED_TOKENS_MAX} tokens and still verifies the ones it dropped`, async () => {
    const keys = await keysWith();
    const first = await signAccessToken(keys, { userId: 1, tokenVersion: 1 });
    await verifyAccessToken(keys, first);
    for (let i = 0; i < VERIFIED_TOKENS_MAX; i++) {
      await verifyAccessToken(keys, await signAccessToken(keys, { userId: 2, tokenVersion: 1 }));
    }
    expect(keys.verified.size).toBe(VERIFIED_TOKENS_MAX);
    expect(keys.verified.has(first)).toBe(false);
    expect(await verifyAccessToken(keys, first)).toMatchObject({ userId: 1 });
  });
});
