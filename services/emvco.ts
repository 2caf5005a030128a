/**
 * EMVCo Merchant-Presented Mode QR payloads (EMV QRCPS-MPM v1.1): the collection codes merchants
 * show or print, read by this wallet's scanner and written by the server. Written here rather than
 * taken from a library because the format is small and fixed while the maintained packages either
 * pull in a QR renderer or skip the checks a payment must make (CRC, lengths, currency).
 *
 * A payload is a run of `id(2) length(2) value` objects; templates (26–51, 62, 64) hold objects of
 * their own. Lengths count characters (the spec's own sample has `0104最佳运输`), the CRC covers the
 * UTF-8 bytes of everything before it including `6304`. Values outside the alternate-language
 * template are the common character set (printable ASCII); accented names are written there
 * without their accents, and in full in the alternate-language template (64) as the standard allows.
 */

export interface TlvObject {
  id: string;
  value: string;
}

/** Why a payload is refused; each is a coded refusal upstream. */
export type EmvRefusal =
  | 'malformed' // not a run of id/length/value, or a length past the end
  | 'crcMissing'
  | 'crcWrong'
  | 'tooLong' // a field over the length the standard allows
  | 'fieldMissing' // a mandatory field absent
  | 'badValue' // a field whose value is not of its format
  | 'currency' // not kwanza (973)
  | 'country' // not Angola
  | 'notOurs'; // no merchant account template of this wallet

/** This wallet's globally unique identifier in merchant account templates (reverse domain, ≤ 32). */
export const WALLET_GUID = 'AO.KWANZA.WALLET';
export const KWANZA_NUMERIC = '973';
export const ANGOLA = 'AO';

/** Largest lengths of the top-level fields the standard fixes (others ≤ 99). */
const MAX_LENGTH: Record<string, number> = { '00': 2, '01': 2, '52': 4, '53': 3, '54': 13, '55': 2, '58': 2, '59': 25, '60': 15, '61': 10, '63': 4 };
/** Largest lengths inside the additional data template (62). */
const MAX_ADDITIONAL: Record<string, number> = { '01': 25, '03': 25, '05': 25, '07': 25 };

const chars = (text: string) => [...text].length;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function tlv(id: string, value: string): string {
  const length = chars(value);
  if (length > 99) throw new RangeError(`EMV field ${id} is ${length} characters long`);
  return `${id}${pad2(length)}${value}`;
}

/** Splits a run of objects; null when it is not one. */
export function parseObjects(text: string): TlvObject[] | null {
  const input = [...text];
  const objects: TlvObject[] = [];
  let at = 0;
  while (at < input.length) {
    const head = input.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head)) return null;
    const length = Number(head.slice(2));
    if (at + 4 + length > input.length) return null;
    objects.push({ id: head.slice(0, 2), value: input.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return objects;
}

/** Only the common character set outside the alternate-language template. */
const COMMON = /^[\x20-\x7e]*$/;

/** Without accents and anything outside printable ASCII: "Café Nzinga" → "Cafe Nzinga". */
export function toCommonCharacters(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '').replace(/\s+/g, ' ').trim();
}

/** A collection code as this wallet reads and writes it. */
export interface CollectionCode {
  /** `static`: printed or shown for any amount; `dynamic`: one payment of `amountCents`. */
  kind: 'static' | 'dynamic';
  /** The code's serial in this wallet's merchant account template (a sticker's, a store's, or a one-time dynamic code's). */
  serial: string;
  /** ISO 18245 merchant category code, 4 digits. */
  mcc: string;
  amountCents?: number;
  merchantName: string;
  city: string;
  storeLabel?: string;
  terminalLabel?: string;
  reference?: string;
}

/** An amount in cêntimos as the standard writes it: "1250" cêntimos → "12.50", whole kwanzas without decimals. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`amount ${cents}`);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** "12.5" → 1250; null when it is not an amount of at most two decimals. */
export function parseAmount(text: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && Number.isSafeInteger(cents) ? cents : null;
}

/** Writes the payload of a collection code, its CRC last. */
export function encodeCollectionCode(code: CollectionCode): string {
  const name = toCommonCharacters(code.merchantName).slice(0, 25) || 'Merchant';
  const city = toCommonCharacters(code.city).slice(0, 15) || 'Luanda';
  const additional = [
    code.reference !== undefined ? tlv('05', code.reference) : '',
    code.storeLabel !== undefined ? tlv('03', toCommonCharacters(code.storeLabel).slice(0, 25)) : '',
    code.terminalLabel !== undefined ? tlv('07', toCommonCharacters(code.terminalLabel).slice(0, 25)) : '',
  ].join('');
  // the names as written, where the common characters lost something (accents)
  const alternate = name !== code.merchantName.trim().slice(0, 25) || city !== code.city.trim().slice(0, 15)
    ? tlv('64', tlv('00', 'PT') + tlv('01', code.merchantName.trim().slice(0, 25)) + tlv('02', code.city.trim().slice(0, 15)))
    : '';
  const body = [
    tlv('00', '01'),
    tlv('01', code.kind === 'static' ? '11' : '12'),
    tlv('26', tlv('00', WALLET_GUID) + tlv('01', code.serial)),
    tlv('52', code.mcc),
    tlv('53', KWANZA_NUMERIC),
    code.kind === 'dynamic' ? tlv('54', formatAmount(code.amountCents ?? 0)) : '',
    tlv('58', ANGOLA),
    tlv('59', name),
    tlv('60', city),
    additional ? tlv('62', additional) : '',
    alternate,
    '6304',
  ].join('');
  return body + crc16(body);
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; refusal: EmvRefusal; field?: string };

/**
 * Checks a payload as the standard requires (format indicator first, CRC last and right, lengths,
 * mandatory fields, formats) and returns its top-level objects.
 */
export function decodePayload(payload: string): Decoded<Map<string, string>> {
  const text = payload.trim();
  const objects = parseObjects(text);
  if (!objects || objects.length === 0 || objects[0]!.id !== '00' || objects[0]!.value !== '01') return { ok: false, refusal: 'malformed' };
  const last = objects.at(-1)!;
  if (last.id !== '63') return { ok: false, refusal: 'crcMissing' };
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value)) return { ok: false, refusal: 'crcWrong' };
  if (crc16(text.slice(0, text.length - 4)) !== last.value.toUpperCase()) return { ok: false, refusal: 'crcWrong' };
  const fields = new Map<string, string>();
  for (const { id, value } of objects) {
    if (fields.has(id)) return { ok: false, refusal: 'malformed', field: id };
    if (chars(value) > (MAX_LENGTH[id] ?? 99)) return { ok: false, refusal: 'tooLong', field: id };
    if (id !== '64' && !(Number(id) >= 26 && Number(id) <= 51) && !COMMON.test(value)) return { ok: false, refusal: 'badValue', field: id };
    fields.set(id, value);
  }
  for (const id of ['01', '52', '53', '58', '59', '60']) if (!fields.has(id)) return { ok: false, refusal: 'fieldMissing', field: id };
  if (!/^1[12]$/.test(fields.get('01')!)) return { ok: false, refusal: 'badValue', field: '01' };
  if (!/^\d{4}$/.test(fields.get('52')!)) return { ok: false, refusal: 'badValue', field: '52' };
  if (!/^\d{3}$/.test(fields.get('53')!)) return { ok: false, refusal: 'badValue', field: '53' };
  if (!/^[A-Z]{2}$/.test(fields.get('58')!)) return { ok: false, refusal: 'badValue', field: '58' };
  if (fields.has('54') && !/^\d+(\.\d+)?$/.test(fields.get('54')!)) return { ok: false, refusal: 'badValue', field: '54' };
  return { ok: true, value: fields };
}

/** Reads one of this wallet's collection codes: any EMVCo payload that is not kwanza, Angola and ours is refused. */
export function decodeCollectionCode(payload: string): Decoded<CollectionCode> {
  const decoded = decodePayload(payload);
  if (!decoded.ok) return decoded;
  const fields = decoded.value;
  if (fields.get('53') !== KWANZA_NUMERIC) return { ok: false, refusal: 'currency', field: '53' };
  if (fields.get('58') !== ANGOLA) return { ok: false, refusal: 'country', field: '58' };
  let serial: string | null = null;
  for (let id = 26; id <= 51; id++) {
    const template = fields.get(String(id));
    if (template === undefined) continue;
    const inner = parseObjects(template);
    if (!inner) return { ok: false, refusal: 'malformed', field: String(id) };
    const guid = inner.find((o) => o.id === '00')?.value;
    if (guid?.toUpperCase() === WALLET_GUID) serial = inner.find((o) => o.id === '01')?.value ?? null;
  }
  if (!serial || !/^[A-Za-z0-9-]{4,40}$/.test(serial)) return { ok: false, refusal: 'notOurs', field: '26' };
  const kind = fields.get('01') === '12' ? 'dynamic' : 'static';
  let amountCents: number | undefined;
  if (fields.has('54')) {
    const parsed = parseAmount(fields.get('54')!);
    if (parsed === null) return { ok: false, refusal: 'badValue', field: '54' };
    amountCents = parsed;
  }
  if (kind === 'dynamic' && amountCents === undefined) return { ok: false, refusal: 'fieldMissing', field: '54' };
  const additional = fields.has('62') ? parseObjects(fields.get('62')!) : [];
  if (!additional) return { ok: false, refusal: 'malformed', field: '62' };
  for (const { id, value } of additional) if (chars(value) > (MAX_ADDITIONAL[id] ?? 99)) return { ok: false, refusal: 'tooLong', field: `62.${id}` };
  const alternate = fields.has('64') ? parseObjects(fields.get('64')!) : [];
  if (!alternate) return { ok: false, refusal: 'malformed', field: '64' };
  const additionalValue = (id: string) => additional.find((o) => o.id === id)?.value;
  const alternateValue = (id: string) => alternate.find((o) => o.id === id)?.value;
  return {
    ok: true,
    value: {
      kind,
      serial,
      mcc: fields.get('52')!,
      ...(amountCents !== undefined ? { amountCents } : {}),
      merchantName: alternateValue('01') ?? fields.get('59')!,
      city: alternateValue('02') ?? fields.get('60')!,
      ...(additionalValue('03') !== undefined ? { storeLabel: additionalValue('03') } : {}),
      ...(additionalValue('07') !== undefined ? { terminalLabel: additionalValue('07') } : {}),
      ...(additionalValue('05') !== undefined ? { reference: additionalValue('05') } : {}),
    },
  };
}

export type NamedSerial = { ok: true; serial: string; payloadKind: 'static' | 'dynamic' | null } | { ok: false; refusal?: EmvRefusal };

/**
 * The serial a person named by scanning or typing a collection code: a payload must be one of this
 * wallet's EMVCo codes (right CRC, kwanza, Angola, our GUID: else its refusal); a typed serial is
 * read without spaces or dashes and in upper case, as people copy it from under the code. The
 * server decides what the serial is (server/entities/collectionCodes.ts); the app shows it first.
 */
export function namedSerial(code: string): NamedSerial {
  const text = code.trim();
  if (text.startsWith('0002')) {
    const decoded = decodeCollectionCode(text);
    return decoded.ok ? { ok: true, serial: decoded.value.serial.toUpperCase(), payloadKind: decoded.value.kind } : { ok: false, refusal: decoded.refusal };
  }
  const serial = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{6,30}$/.test(serial) ? { ok: true, serial, payloadKind: null } : { ok: false };
}

/**
 * A person's receive code (issue 26; README "Receive code"): this wallet's P2P kind of the same
 * merchant-presented payload, so any EMVCo reader parses it while only this wallet pays it.
 * - `01`: `11` for the standing code (any amount), `12` for a one-time code with its amount in `54`;
 * - the account template `26` has the GUID `AO.KWANZA.P2P` (`00`) and the code's token (`01`, 22
 *   base64url characters): a merchant's GUID is `AO.KWANZA.WALLET`, so neither is read as the other;
 * - `52` is `0000` (no merchant category: a person), `53` `973`, `58` `AO`, `59` the owner's name
 *   masked ("Ana M*** D***", common characters), `60` the city;
 * - a one-time code's note is the purpose of transaction, `62` `08` (≤ 25 characters here; the
 *   server keeps it whole).
 * The token is what pays: the amount and name in the payload are for show, the server answers them.
 */
export const P2P_GUID = 'AO.KWANZA.P2P';
export const P2P_CATEGORY = '0000';
const RECEIVE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface PersonalCode {
  token: string;
  maskedName: string;
  /** A one-time code's amount in cêntimos; absent on the standing code. */
  amountCents?: number;
  note?: string;
  city?: string;
}

export function encodePersonalCode(code: PersonalCode): string {
  const note = code.note ? toCommonCharacters(code.note).slice(0, 25) : '';
  const body = [
    tlv('00', '01'),
    tlv('01', code.amountCents === undefined ? '11' : '12'),
    tlv('26', tlv('00', P2P_GUID) + tlv('01', code.token)),
    tlv('52', P2P_CATEGORY),
    tlv('53', KWANZA_NUMERIC),
    code.amountCents !== undefined ? tlv('54', formatAmount(code.amountCents)) : '',
    tlv('58', ANGOLA),
    tlv('59', toCommonCharacters(code.maskedName).slice(0, 25) || 'Kwanza'),
    tlv('60', toCommonCharacters(code.city ?? 'Luanda').slice(0, 15) || 'Luanda'),
    note ? tlv('62', tlv('08', note)) : '',
    '6304',
  ].join('');
  return body + crc16(body);
}

/** The token of one of this wallet's personal codes (right CRC, kwanza, Angola, the P2P GUID), else the refusal. */
export function decodePersonalCode(payload: string): Decoded<{ token: string; amountCents: number | null }> {
  const decoded = decodePayload(payload);
  if (!decoded.ok) return decoded;
  const fields = decoded.value;
  if (fields.get('53') !== KWANZA_NUMERIC) return { ok: false, refusal: 'currency', field: '53' };
  if (fields.get('58') !== ANGOLA) return { ok: false, refusal: 'country', field: '58' };
  const inner = fields.has('26') ? parseObjects(fields.get('26')!) : null;
  const guid = inner?.find((o) => o.id === '00')?.value;
  const token = inner?.find((o) => o.id === '01')?.value;
  if (guid?.toUpperCase() !== P2P_GUID || !token || !RECEIVE_TOKEN.test(token)) return { ok: false, refusal: 'notOurs', field: '26' };
  const amount = fields.has('54') ? parseAmount(fields.get('54')!) : null;
  if (fields.has('54') && amount === null) return { ok: false, refusal: 'badValue', field: '54' };
  return { ok: true, value: { token, amountCents: amount } };
}
