import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords, from zxcvbn-ts's maintained list (ASVS 6.2.4). Read once, on
 * the first password that is checked, not at start-up.
 */
let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
