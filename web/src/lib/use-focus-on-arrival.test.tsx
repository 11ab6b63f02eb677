import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusOnArrival } from './use-focus-on-arrival';

function Action({ answer }: { answer: string | null }) {
  const ref = useFocusOnArrival<HTMLDivElement>(answer);
  return (
    <>
      <form aria-label="Aktion">
        <input aria-label="Feld" />
        <div ref={ref} tabIndex={-1} data-testid="answer">
          {answer}
        </div>
        <button type="submit">Senden</button>
      </form>
      <button type="button">Anderswo</button>
    </>
  );
}

describe('useFocusOnArrival', () => {
  it('takes the keyboard from nowhere and from the action’s own button', () => {
    const { rerender } = render(<Action answer={null} />);
    rerender(<Action answer="Gespeichert" />);
    expect(screen.getByTestId('answer')).toHaveFocus();

    // A quick answer finds the focus still on the button that started the action.
    screen.getByRole('button', { name: 'Senden' }).focus();
    rerender(<Action answer="Erneut gespeichert" />);
    expect(screen.getByTestId('answer')).toHaveFocus();
  });

  it('leaves the focus where the user moved it: a field, or outside the action', () => {
    const { rerender } = render(<Action answer={null} />);
    screen.getByRole('textbox', { name: 'Feld' }).focus();
    rerender(<Action answer="Gespeichert" />);
    expect(screen.getByRole('textbox', { name: 'Feld' })).toHaveFocus();

    screen.getByRole('button', { name: 'Anderswo' }).focus();
    rerender(<Action answer="Erneut gespeichert" />);
    expect(screen.getByRole('button', { name: 'Anderswo' })).toHaveFocus();
  });
});
