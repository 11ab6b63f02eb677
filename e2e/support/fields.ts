// Finding form fields as a user does: by their label (required fields' labels end in an asterisk).
import type { Page } from '@playwright/test';

/** `text` as a literal inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A field by its label, with or without the required marker ' *'. */
export const labelPattern = (label: string) => new RegExp(`^${escapeRegExp(label)}( \\*)?$`);

/** The form field labelled `label`. */
export const field = (page: Page, label: string) => page.getByLabel(labelPattern(label));
