import type { PromotionStatus } from '../services/contract/promotions.ts';
import type { LineStatusNow, StatusChangeInput } from './statusChange.machine.ts';

/**
 * What the lists whose lines have a status share (the merchant's promotions,
 * machines/promotions.machine.ts; the platform's, machines/platformPromotions.machine.ts; the
 * merchant's group packages, machines/groupPackages.machine.ts): which line an event names, which
 * status change it asks for, what the statusChange child is asked, and the lines after its end.
 * Which changes a line's status allows is the statusChange child's to say.
 */
export type LineStatus = PromotionStatus;
export interface StatusLine {
  id: string;
  /** The merchant's lines are of three kinds; the platform's are all cashback policies and have none. */
  kind?: string;
  status: LineStatus;
}
export interface StatusTarget {
  id: string;
  kind?: string;
}

export const lineOf = <L extends StatusLine>(lines: L[], target: StatusTarget) => lines.find((line) => line.id === target.id && line.kind === target.kind);

/** The status a person's event asks for (`promotion.paused`, `package.resumed`, `….ended`). */
export const statusAsked = (eventType: string): LineStatus => (eventType.endsWith('.paused') ? 'paused' : eventType.endsWith('.resumed') ? 'active' : 'ended');

/** What the statusChange child is asked for a line of the list: the line as the list shows it, the status the event asks. */
export const statusChangeOf = (lines: StatusLine[], target: StatusTarget, eventType: string, endedCode: string): StatusChangeInput => ({
  line: target.kind === undefined ? { id: target.id } : { id: target.id, kind: target.kind },
  from: lineOf(lines, target)?.status ?? null,
  to: statusAsked(eventType),
  endedCode,
});

/** The lines with one line's status as the statusChange child ended (the server's answer, or it had ended meanwhile). */
export const withStatus = <L extends StatusLine>(lines: L[], now: LineStatusNow): L[] =>
  now.status === null ? lines : lines.map((line) => (line.id === now.line.id && line.kind === now.line.kind ? { ...line, status: now.status! } : line));
