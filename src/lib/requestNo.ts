/**
 * The envelope's requestNo (spec §7), made in one place: a prefix naming who asks (`H5` for a call
 * of the app; a payment's own, per flow: machines/payment.machine.ts), the time in base 36 and 12
 * random bytes. Time-ordered and unguessable; getRandomValues works on plain-http pages where
 * randomUUID does not.
 */
export function newRequestNo(prefix = 'H5'): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}${Date.now().toString(36)}${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
