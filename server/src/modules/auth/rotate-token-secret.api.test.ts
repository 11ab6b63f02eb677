// Rotating the signing secret (issue 56: a token of the old server worked on a restored backup).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { loadTokenKeys, rotateTokenSecret, signAccessToken, verifyAccessToken } from './tokens';

const t = useTestApp();

describe('rotateTokenSecret', () => {
  it('makes every token signed before invalid for a server started afterwards', async () => {
    const before = await loadTokenKeys(t.db, 3600);
    const old = await signAccessToken(before, { userId: 1, tokenVersion: 0 });
    // Another start on the same database loads the same secret: the old token is valid.
    expect(await verifyAccessToken(await loadTokenKeys(t.db, 3600), old)).toMatchObject({ userId: 1 });

    await rotateTokenSecret(t.db);
    const after = await loadTokenKeys(t.db, 3600);
    expect(await verifyAccessToken(after, old)).toBeNull();
    const fresh = await signAccessToken(after, { userId: 1, tokenVersion: 0 });
    expect(await verifyAccessToken(after, fresh)).toMatchObject({ userId: 1 });
  });
});
