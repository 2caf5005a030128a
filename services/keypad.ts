import type { Keypad } from '../machines/payPassword.machine.ts';

/** Encrypts the pressed positions with the keypad's one-time RSA-OAEP (SHA-256) public key. */
export async function encryptPositions(keypad: Keypad, positions: string): Promise<{ randKey: string; cipher: string }> {
  const der = Uint8Array.from(atob(keypad.rsaPublicKey), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(positions)));
  return { randKey: keypad.randKey, cipher: btoa(String.fromCharCode(...cipher)) };
}
