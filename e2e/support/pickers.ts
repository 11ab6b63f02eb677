// Choosing a debitor, article or creditor in a searchable picker as a user does: type a few words,
// then take the option from the list.
import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A picker by its label (required fields' labels end in an asterisk). By role: while its list is
 * open, the list is labelled by the field's label too.
 */
export const pickerField = (page: Page, label: string): Locator =>
  page.getByRole('combobox', { name: new RegExp(`^${escape(label)}( \\*)?$`) });

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
