// The code checks of the second factor, with a fixed clock.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT } from '@lp/domain/mfa';
import {
  hashRecoveryCode,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeDataUrl,
  verifyTotp,
} from './mfa.codes';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, and its published code.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('verifyTotp', () => {
  it('takes the RFC 6238 test vector and answers its time step', async () => {
    // T = 59 s: 94287082 with eight digits; six digits are its last six.
    expect(await verifyTotp(RFC_SECRET, '287082', { now: at(59), afterTimeStep: 0 })).toBe(1);
    expect(await verifyTotp(RFC_SECRET, '287 082', { now: at(59), afterTimeStep: 0 })).toBe(1);
  });

  it('takes the step before and after the current one, not two away', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000; // step 60_000_000
    const code = await generate({ secret, epoch: now });
    expect(await verifyTotp(secret, code, { now: at(now + 30), afterTimeStep: 0 })).toBe(60_000_000);
    expect(await verifyTotp(secret, code, { now: at(now - 30), afterTimeStep: 0 })).toBe(60_000_000);
    expect(await verifyTotp(secret, code, { now: at(now + 61), afterTimeStep: 0 })).toBeNull();
  });

  it('refuses a code of a step already used (replay) and wrong or malformed codes', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000;
    const code = await generate({ secret, epoch: now });
    expect(await verifyTotp(secret, code, { now: at(now), afterTimeStep: 60_000_000 })).toBeNull();
    expect(await verifyTotp(secret, code, { now: at(now), afterTimeStep: 59_999_999 })).toBe(60_000_000);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await verifyTotp(secret, wrong, { now: at(now), afterTimeStep: 0 })).toBeNull();
    expect(await verifyTotp(secret, '12345', { now: at(now), afterTimeStep: 0 })).toBeNull();
    expect(await verifyTotp(secret, 'abcdef', { now: at(now), afterTimeStep: 0 })).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten different codes that read as recovery codes, hashed alike however typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(isRecoveryCode(code)).toBe(true);
      expect(hashRecoveryCode(code.toLowerCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    }
    expect(isRecoveryCode('123456')).toBe(false);
  });
});

describe('enrolment', () => {
  it('names the portal and the account in the otpauth URL and draws it as an SVG data URL', async () => {
    const url = otpauthUrl('JBSWY3DPEHPK3PXP', 'anna@example.org');
    expect(url).toBe(
      'otpauth://totp/Lieferantenportal:anna%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Lieferantenportal',
    );
    const qr = await qrCodeDataUrl(url);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});
