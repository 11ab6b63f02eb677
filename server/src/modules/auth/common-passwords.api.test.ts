import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed-demo-data';
import { TEST_PASSWORD } from '../../../test/test-app';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('knows common passwords of the maintained list, in any letter case', () => {
    for (const p of ['password123', 'qwertyuiop', '1234567890', '1q2w3e4r5t', 'Basketball', 'MANCHESTER']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('knows German ones', () => {
    for (const p of ['passwort123', 'Ichliebedich', 'qwertzuiop', 'schalke04', 'Deutschland', 'fußball']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('sees through trailing digits and symbols', () => {
    for (const p of ['Passwort2026!', 'Sommer2025!!', 'hallo12345', 'Fussball1234', 'Geheim#2024']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('sees through a common password said twice or more', () => {
    for (const p of ['passwortpasswort', 'SommerSommer', 'hallohallohallo', 'qwertzqwertz2026']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(isCommonPassword('Kaffeetasse-Kaffeetasse')).toBe(false);
  });

  it('accepts uncommon passwords, among them every password the project itself sets', () => {
    const own = [TEST_PASSWORD, DEMO_PASSWORD, 'E2e-Admin-Passwort-1', 'E2e-Benutzer-Passwort-1'];
    for (const p of [...own, 'Lieferant-Passwort-123', 'Ein-langes-Passwort-1', 'Kaffeetasse-Regal-73']) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });
});
