// Choosing a debitor, article or creditor in a searchable picker as a user does: type a few words,
// then take the option from the list.
import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, labelPattern } from './fields';

/**
 * A picker by its label (required fields' labels end in an asterisk). By role: while its list is
 * open, the list is labelled by the field's label too.
 */
export const pickerField = (page: Page, label: string): Locator =>
  page.getByRole('combobox', { name: labelPattern(label) });

/** An option by its label ('number – name'); its name goes on with street and city where known. */
export const optionNamed = (page: Page, optionLabel: string): Locator =>
  page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${escapeRegExp(optionLabel)}( |$)`) });

/**
 * Types `query` into the picker and chooses the option labelled `optionLabel` ('number – name');
 * the field then shows that label.
 */
export async function chooseRecord(input: Locator, query: string, optionLabel: string): Promise<void> {
  // Picked again, as a user would, when a choice did not take (20 s at most, so a picker that never
  // takes one still fails). Still seen in CI on 26 Nov 2026 after the list was made to fit the window:
  // the option moved after Playwright found it stable (the list shrinks as the typed text filters it,
  // and react-aria moves a list placed above the field to stay beside it), so the click landed on the
  // page and closed the list. Open: keeping the list still while it filters (session note of that day).
  await expect(async () => {
    await input.click();
    await input.fill(query);
    await optionNamed(input.page(), optionLabel).click({ timeout: 5_000 });
    await expect(input).toHaveValue(optionLabel, { timeout: 2_000 });
  }).toPass({ intervals: [500, 1_000], timeout: 20_000 });
}
