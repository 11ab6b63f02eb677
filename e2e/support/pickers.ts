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
  await input.click();
  await input.fill(query);
  await optionNamed(input.page(), optionLabel).click();
  await expect(input).toHaveValue(optionLabel);
}
