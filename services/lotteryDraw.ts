/**
 * How a lottery draw's outcome is derived (README "Lottery: checking a draw"): the one
 * implementation the server draws with (server/domains/lottery/) and the verification page
 * recomputes with, in the browser or in Node (Web Crypto in both).
 *
 *   message = UTF-8 of "<activityId>:<participant>:<drawNo>" (decimal integers, no leading zeros)
 *   mac     = HMAC-SHA256(key = the 32 seed bytes (hex-decoded), message)
 *   ticket  = the first 6 bytes of mac as a big-endian unsigned integer, mod 1 000 000
 *   prize   = the line of the prize table (in its order) whose range holds the ticket, each line
 *             taking the next `oddsPpm` numbers from 0; none past the last line's range. A line whose
 *             `quantity` was all won by earlier draws (in `seq` order) gives no prize.
 * The commitment published before the activity is SHA-256 of the seed bytes, hex.
 */

export const TICKET_RANGE = 1_000_000;

export interface PrizeLine {
  id: string;
  oddsPpm: number;
  quantity: number;
}

export interface DrawnRecord {
  seq: number;
  participant: number;
  drawNo: number;
  prizeId: string | null;
}

export interface DrawCheck extends DrawnRecord {
  ticket: number;
  /** What the seed says this draw gives, replaying the stock in seq order. */
  expectedPrizeId: string | null;
  /**
   * What is wrong with it: `outcome` the recorded prize is not the seed's; `sequence` the draws are
   * not one unbroken run (seq 1, 2, 3 … and each participant's draw numbers 1, 2, 3 … in seq order):
   * a draw left out or made up could otherwise favour someone while every listed outcome matches.
   */
  problem: 'outcome' | 'sequence' | null;
  matches: boolean;
}

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const hexOf = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the seed's bytes, hex: the commitment. */
export async function seedCommitment(seedHex: string): Promise<string> {
  return hexOf(await crypto.subtle.digest('SHA-256', bytesOfHex(seedHex)));
}

/** The draw's message, as its bytes are signed. */
export const drawMessage = (activityId: string, participant: number, drawNo: number) => `${BigInt(activityId)}:${participant}:${drawNo}`;

/** The draw's ticket in [0, 1 000 000). */
export async function drawTicket(seedHex: string, activityId: string, participant: number, drawNo: number): Promise<number> {
  const key = await crypto.subtle.importKey('raw', bytesOfHex(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(drawMessage(activityId, participant, drawNo))));
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + mac[i]!;
  return value % TICKET_RANGE;
}

/** The index of the prize line whose range holds the ticket, or null past the last range. */
export function prizeLineOf(ticket: number, lines: readonly Pick<PrizeLine, 'oddsPpm'>[]): number | null {
  let from = 0;
  for (let i = 0; i < lines.length; i++) {
    const to = from + lines[i]!.oddsPpm;
    if (ticket >= from && ticket < to) return i;
    from = to;
  }
  return null;
}

/**
 * Recomputes every recorded draw (all of them, in seq order, from the first) and says whether each
 * matches: the stock of each line is replayed, so a ticket on a line already won out gives nothing;
 * and the draws must be one unbroken run (see `DrawCheck.problem`).
 */
export async function replayDraws(seedHex: string, activityId: string, lines: readonly PrizeLine[], draws: readonly DrawnRecord[]): Promise<DrawCheck[]> {
  const won = new Map<string, number>();
  const lastDrawOf = new Map<number, number>();
  const checks: DrawCheck[] = [];
  for (const [index, draw] of [...draws].sort((a, b) => a.seq - b.seq).entries()) {
    const ticket = await drawTicket(seedHex, activityId, draw.participant, draw.drawNo);
    const lineIndex = prizeLineOf(ticket, lines);
    const line = lineIndex === null ? null : lines[lineIndex]!;
    const inStock = line !== null && (won.get(line.id) ?? 0) < line.quantity;
    const expectedPrizeId = line && inStock ? line.id : null;
    if (expectedPrizeId) won.set(expectedPrizeId, (won.get(expectedPrizeId) ?? 0) + 1);
    const inSequence = draw.seq === index + 1 && draw.drawNo === (lastDrawOf.get(draw.participant) ?? 0) + 1;
    lastDrawOf.set(draw.participant, draw.drawNo);
    const problem = !inSequence ? 'sequence' : expectedPrizeId !== draw.prizeId ? 'outcome' : null;
    checks.push({ ...draw, ticket, expectedPrizeId, problem, matches: problem === null });
  }
  return checks;
}
