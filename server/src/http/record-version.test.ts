// If-Match as the edit forms and other clients send it: a version, a weak one, garbage, or `*`.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectedVersion } from './record-version';

const withIfMatch = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'if-match': value } }) as FastifyRequest;

describe('expectedVersion', () => {
  it.each([
    [undefined, undefined],
    ['"3"', 3],
    ['W/"3"', 3],
    ['"abc"', -1],
    ['3', -1],
    // RFC 9110: `*` matches any current representation, so no version is checked.
    ['*', undefined],
    [' * ', undefined],
  ])('If-Match %j → %j', (header, version) => {
    expect(expectedVersion(withIfMatch(header))).toBe(version);
  });
});
