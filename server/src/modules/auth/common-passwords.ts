// New passwords must not be common ones: the 10,000 most common of the maintained list
// @zxcvbn-ts/language-common (ranked by frequency, German ones among them) plus a committed German
// supplement (common-passwords-de.ts), decision 0010. Checked case-insensitively, and also without
// trailing digits and symbols, so "Passwort2026!" counts as "passwort".
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordStem } from '@lp/domain/user.schema';
import { GERMAN_COMMON_PASSWORDS } from './common-passwords-de';

const MAINTAINED_LIST_SIZE = 10_000;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    [...dictionary['passwords-common'].slice(0, MAINTAINED_LIST_SIZE), ...GERMAN_COMMON_PASSWORDS].map((p) =>
      p.toLowerCase(),
    ),
  );
  return common;
}

/**
 * Whether a password is, or is a common password followed by digits and symbols, or one of those
 * said again ('passwortpasswort').
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  const stem = passwordStem(lower);
  const list = commonPasswords();
  return [lower, stem, repeatedUnit(lower), repeatedUnit(stem)].some(
    (text) => text !== undefined && text.length > 0 && list.has(text),
  );
}

/** 'abcabc' → 'abc'; undefined when the text is not one piece said again. */
function repeatedUnit(text: string): string | undefined {
  return /^(.+?)\1+$/su.exec(text)?.[1];
}
