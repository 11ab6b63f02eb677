import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy(' false ')).toBe(false);
  });

  it('takes addresses, CIDR ranges and proxy-addr range names', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true", hop counts and anything that is no address', () => {
    for (const value of [
      'true',
      '1',
      '2',
      'proxy.example',
      '10.0.0.1/33',
      '10.0.0/8',
      '::1/129',
      '10.0.0.1/8/1',
    ]) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
  });
});
