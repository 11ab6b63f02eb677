import { describe, expect, it } from 'vitest';
import {
  URGENCY_MAIL_DEADLINE_PLACEHOLDER,
  URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER,
  urgencyMailBody,
  urgencyMailHref,
} from './urgency-mail';

describe('urgencyMailBody', () => {
  it('names the last upload as a long German date and leaves the deadline to fill in', () => {
    const body = urgencyMailBody('2026-03-15T10:30:00.000Z');
    expect(body).toContain(
      'seit Ihrer letzten Meldung vom 15. März 2026 in Rechnung gestellten Bestellungen',
    );
    expect(body).toContain(`bis zum ${URGENCY_MAIL_DEADLINE_PLACEHOLDER} über die Weboberfläche`);
    expect(body).toContain('eine Leermeldung');
    expect(body).not.toContain(URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER);
  });

  it('uses the German calendar day of a late-evening upload', () => {
    // 23:30 UTC on 31 December is already 1 January in Germany.
    expect(urgencyMailBody('2025-12-31T23:30:00.000Z')).toContain('vom 1. Januar 2026');
  });

  it('uses a placeholder when the creditor never uploaded', () => {
    expect(urgencyMailBody(null)).toContain(`vom ${URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER} in Rechnung`);
  });
});

describe('urgencyMailHref', () => {
  it('addresses everyone with subject Bestellstatistik and the encoded body', () => {
    const href = urgencyMailHref(['a@example.org', 'b+einkauf@example.org'], null);
    const [to, query] = href.replace(/^mailto:/, '').split('?') as [string, string];
    expect(to).toBe('a@example.org,b%2Beinkauf@example.org');
    expect(decodeURIComponent(to)).toBe('a@example.org,b+einkauf@example.org');
    const [subject, body] = query.split('&') as [string, string];
    expect(subject).toBe('subject=Bestellstatistik');
    expect(decodeURIComponent(body.replace(/^body=/, ''))).toBe(urgencyMailBody(null));
    expect(href).not.toMatch(/[ \r\n]/);
  });
});
