/**
 * The pay password's rule, shared by the client and the server (which stays the authority: it
 * refuses a weak one on every save, PAY10004). Six digits; too easy to guess: one digit six times,
 * a straight run up or down, or a repeated half or third (111111, 123456, 654321, 123123, 121212).
 */
export const PIN_LENGTH = 6;

export function isWeakPin(pin: string): boolean {
  if (/^(\d)\1{5}$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return true;
  return pin.slice(0, 3) === pin.slice(3) || /^(\d\d)\1\1$/.test(pin);
}

/**
 * The digits a keypad entry stands for: each pressed position read through the keypad's shuffled
 * map (the map the keys were drawn in). Only ever compared with the rule above; the positions, not
 * these digits, are what is encrypted and sent.
 */
export const keypadDigits = (mapArr: readonly number[], positions: string): string => [...positions].map((p) => String(mapArr[Number(p)] ?? '')).join('');
