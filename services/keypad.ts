import { fromPromise } from 'xstate';
import type { Keypad } from '../machines/newPayPassword.machine.ts';
import { storage } from '../src/lib/storage.ts';
import { requestGateway } from './gateway.ts';
import type { Outcome } from './contract/outcome.ts';

/**
 * The secure keypad's client side, shared by setting the pay password and confirming a payment with
 * it: the gateway's one-time keypad, the encryption of the pressed positions, and its keys in session
 * storage while it shows.
 */

/** The one-time keypad: its digit map and the RSA key the positions are encrypted with. */
export const getKeypad = fromPromise<Outcome<Keypad>>(() => requestGateway('common/getRandomKey', {}));

/** Encrypts the pressed positions with the keypad's one-time RSA-OAEP (SHA-256) public key. */
export async function encryptPositions(keypad: Keypad, positions: string): Promise<{ randKey: string; cipher: string }> {
  const der = Uint8Array.from(atob(keypad.rsaPublicKey), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(positions)));
  return { randKey: keypad.randKey, cipher: btoa(String.fromCharCode(...cipher)) };
}

/** The keypad's one-time keys leave session storage: its keypad, or its screen, is gone. */
export const clearKeypadKeys = () => storage.clearKeypadKeys();

/** The keypad's one-time keys in session storage while it shows: the charts' storeKeypadKeys and clearKeypadKeys. */
export const keypadKeyActions = {
  storeKeypadKeys: ({ context }: { context: { keypad: Keypad | null } }) =>
    context.keypad &&
    storage.setKeypadKeys({ mapArr: JSON.stringify(context.keypad.mapArr), randKey: context.keypad.randKey, rsaPublicKey: context.keypad.rsaPublicKey }),
  clearKeypadKeys,
};
