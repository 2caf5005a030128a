/**
 * The one-time codes the wallet sends by SMS or e-mail (sign-up, log-in, recovery, a card's bank,
 * a number change, a pay-password reset): six digits. What a code field keeps of what is typed or
 * pasted, and when a code is whole enough to be checked.
 */
export const CODE_LENGTH = 6;

/** The digits of what was typed or pasted, at most six. */
export const codeDigits = (value: string): string => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** Six digits: a code that can be checked. */
export const isWholeCode = (code: string): boolean => code.length === CODE_LENGTH && /^\d+$/.test(code);
