import { MESSAGES } from '@lp/domain/messages';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValidationMessages } from './validation-messages';
import { WarningMessages } from './warning-messages';

const errors = [
  { property: 'Nettobetrag', message: 'Dieses Feld ist ein Pflichtfeld.' },
  { property: 'Lieferort', message: 'Maximal 75 Zeichen erlaubt.' },
];

describe('ValidationMessages', () => {
  it('renders nothing without messages', () => {
    const { container } = render(<ValidationMessages messages={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the spec texts and one "property: message" line each for a record', () => {
    render(<ValidationMessages messages={errors} />);
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent(MESSAGES.validationHeading);
    expect(box).toHaveTextContent(MESSAGES.validationIntro);
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nettobetrag: Dieses Feld ist ein Pflichtfeld.', 'Lieferort: Maximal 75 Zeichen erlaubt.']);
    expect(box).toHaveTextContent(MESSAGES.validationOutro);
    expect(box).not.toHaveTextContent(MESSAGES.validationOutroFile);
  });

  it('names the row of a file and closes with the file advice', () => {
    render(
      <ValidationMessages
        variant="file"
        messages={[{ property: 'Rechnungsdatum', message: 'Ungültiges Datum.', rowNumber: 7 }]}
      />,
    );
    const box = screen.getByRole('alert');
    expect(within(box).getByRole('listitem')).toHaveTextContent(
      'Zeile 7 – Rechnungsdatum: Ungültiges Datum.',
    );
    expect(box).toHaveTextContent(MESSAGES.validationOutroFile);
    expect(box).not.toHaveTextContent(MESSAGES.validationOutro);
  });

  it('shows a general error without a property as the bare message', () => {
    render(<ValidationMessages messages={[{ property: '', message: 'Die Datei ist leer.' }]} />);
    expect(screen.getByRole('listitem').textContent).toBe('Die Datei ist leer.');
  });
});

describe('WarningMessages', () => {
  const warnings = [{ property: 'Rechnungsnummer', message: 'Möglicher doppelter Datensatz.' }];

  it('renders nothing without warnings', () => {
    const { container } = render(<WarningMessages messages={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks whether to store the record anyway', () => {
    render(<WarningMessages messages={warnings} />);
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent(MESSAGES.warningHeading);
    expect(box).toHaveTextContent(MESSAGES.warningIntro);
    expect(within(box).getByRole('listitem')).toHaveTextContent(
      'Rechnungsnummer: Möglicher doppelter Datensatz.',
    );
  });

  it('asks whether to import the file anyway', () => {
    render(<WarningMessages variant="file" messages={[{ ...warnings[0]!, rowNumber: 2 }]} />);
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent(MESSAGES.warningIntroFile);
    expect(within(box).getByRole('listitem')).toHaveTextContent('Zeile 2 – Rechnungsnummer');
  });
});
