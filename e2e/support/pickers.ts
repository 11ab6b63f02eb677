// Choosing a debitor, article or creditor in a searchable picker as a user does: type a few words,
// then take the option from the list.
import { expect, type Locator } from '@playwright/test';

/**
 * Types `query` into the picker and chooses the option named `optionLabel` ('number – name');
 * the field then shows that label.
 */
export async function chooseRecord(input: Locator, query: string, optionLabel: string): Promise<void> {
  await input.click();
  await input.fill(query);
  const listbox = input.page().getByRole('listbox');
  await listbox.getByRole('option', { name: optionLabel, exact: true }).click();
  await expect(input).toHaveValue(optionLabel);
}
