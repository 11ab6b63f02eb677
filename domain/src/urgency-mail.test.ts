import { describe, expect, it } from 'vitest';
import {
  MAILTO_MAX_LENGTH,
  URGENCY_MAIL_DEADLINE_PLACEHOLDER,
  URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER,
  urgencyMailBody,
  urgencyMailBccDrafts,
  urgencyMailBccHref,
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

describe('urgencyMailBccDrafts', () => {
  const addresses = Array.from({ length: 120 }, (_, i) => `einkauf${i}@lieferant-${i}.example`);
  const bccOf = (href: string) => /^mailto:\?bcc=([^&]*)&/.exec(href)![1]!.split(',').map(decodeURIComponent);

  it('puts every address in BCC, none in To, with the subject and the body without a date', () => {
    const href = urgencyMailBccHref(['a@x.example', 'b+c@y.example']);
    expect(href.startsWith('mailto:?bcc=a@x.example,b%2Bc@y.example&subject=Bestellstatistik&body=')).toBe(
      true,
    );
    expect(decodeURIComponent(href.split('&body=')[1]!)).toBe(urgencyMailBody(null));
  });

  it('fits few addresses into one draft', () => {
    const drafts = urgencyMailBccDrafts(addresses.slice(0, 3));
    expect(drafts).toEqual([{ href: urgencyMailBccHref(addresses.slice(0, 3)), recipients: 3 }]);
  });

  it('splits many addresses into drafts within the limit, each address once and in order', () => {
    const drafts = urgencyMailBccDrafts([...addresses, addresses[0]!]);
    expect(drafts.length).toBeGreaterThan(1);
    for (const draft of drafts) {
      expect(draft.href.length).toBeLessThanOrEqual(MAILTO_MAX_LENGTH);
      expect(bccOf(draft.href)).toHaveLength(draft.recipients);
    }
    expect(drafts.flatMap((d) => bccOf(d.href))).toEqual(addresses);
    // As few drafts as possible: the next address would not have fitted into any draft but the last.
    for (const [i, draft] of drafts.slice(0, -1).entries()) {
      const next = bccOf(drafts[i + 1]!.href)[0]!;
      expect(urgencyMailBccHref([...bccOf(draft.href), next]).length).toBeGreaterThan(MAILTO_MAX_LENGTH);
    }
  });

  it('gives an address longer than the limit a draft of its own', () => {
    const long = `${'x'.repeat(300)}@example.org`;
    const drafts = urgencyMailBccDrafts(['a@x.example', long, 'b@x.example'], 500);
    expect(drafts.map((d) => d.recipients)).toEqual([1, 1, 1]);
  });

  it('gives no draft without addresses', () => {
    expect(urgencyMailBccDrafts([])).toEqual([]);
  });
});
