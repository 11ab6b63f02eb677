import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { shownMessages } from './shown-messages';

const messages = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ property: 'Debitornummer', message: 'fehlt', rowNumber: i + 2 }));

describe('shownMessages', () => {
  it('shows a list up to the limit as it is', () => {
    const list = messages(3);
    expect(shownMessages(list, UPLOAD_MESSAGES.moreErrors, 3)).toBe(list);
  });

  it('cuts a longer list and counts the rest in a last line', () => {
    const shown = shownMessages(messages(1_250), UPLOAD_MESSAGES.moreErrors);
    expect(shown).toHaveLength(1_001);
    expect(shown[999]).toEqual({ property: 'Debitornummer', message: 'fehlt', rowNumber: 1_001 });
    expect(shown[1_000]).toEqual({ property: '', message: '… und 250 weitere Fehler.' });
  });
});
