import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Select } from './select';
import { numberNameOptions } from './select-options';

describe('Select', () => {
  it('offers "number – name" options after a neutral first choice', () => {
    const options = numberNameOptions(
      [
        { number: 999, name: 'Leermeldung' },
        { number: 1200, name: 'Recyclingpapier' },
      ],
      (n) => String(n).padStart(6, '0'),
    );
    render(<Select aria-label="Artikel" options={options} defaultValue="" />);
    expect(screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Bitte auswählen'],
      ['999', '000999 – Leermeldung'],
      ['1200', '001200 – Recyclingpapier'],
    ]);
  });

  it('says "Keine Einträge gefunden" when there is nothing to choose', () => {
    render(<Select aria-label="Artikel" options={[]} />);
    expect(screen.getByRole('combobox', { name: 'Artikel' })).toHaveDisplayValue('Keine Einträge gefunden');
  });
});
