import { describe, expect, it } from 'vitest';
import { isWeakPin, keypadDigits } from '../../src/lib/payPin.ts';
import { isWeakPin as serverIsWeakPin } from '../../server/domains/payPassword/keypad.ts';

/** The weak-PIN rule is one module: the client refuses at the first entry what the server refuses on save. */
describe('the pay password rule', () => {
  it('is the server’s own rule, not a copy', () => {
    expect(serverIsWeakPin).toBe(isWeakPin);
  });

  it('finds one digit six times, straight runs, repeated halves and thirds too easy to guess', () => {
    for (const weak of ['000000', '111111', '123456', '654321', '012345', '258258', '121212', '909090']) expect(isWeakPin(weak), weak).toBe(true);
    for (const fine of ['270419', '000006', '135790', '123457', '112233', '908172']) expect(isWeakPin(fine), fine).toBe(false);
  });

  it('reads an entry’s digits through the keypad’s shuffled map', () => {
    const mapArr = [7, 2, 9, 0, 4, 1, 8, 3, 6, 5];
    expect(keypadDigits(mapArr, '333338')).toBe('000006');
    expect(keypadDigits(mapArr, '011627')).toBe('722893');
  });
});
