import type { PromotionStatus } from '../services/contract/promotions.ts';

/**
 * What the promotion lists share (the merchant's, machines/promotions.machine.ts, and the platform's,
 * machines/platformPromotions.machine.ts): which line an event names, which status change it asks
 * for, whether the line's status allows it (an active one pauses, a paused one resumes, an ended
 * one stays ended: PRM10017), and the lines after the server's answer.
 */
export interface StatusLine {
  id: string;
  /** The merchant's lines are of three kinds; the platform's are all cashback policies and have none. */
  kind?: string;
  status: PromotionStatus;
}
export interface StatusTarget {
  id: string;
  kind?: string;
}
type Guard = (args: { context: { promotions: StatusLine[] }; event: unknown }) => boolean;

export const lineOf = (lines: StatusLine[], target: StatusTarget) => lines.find((line) => line.id === target.id && line.kind === target.kind);

/** The status a person's event asks for. */
export const statusAsked = (eventType: string): PromotionStatus => (eventType === 'promotion.paused' ? 'paused' : eventType === 'promotion.resumed' ? 'active' : 'ended');

export const lineActive: Guard = ({ context, event }) => lineOf(context.promotions, event as StatusTarget)?.status === 'active';
export const linePaused: Guard = ({ context, event }) => lineOf(context.promotions, event as StatusTarget)?.status === 'paused';
export const lineNotEnded: Guard = ({ context, event }) => {
  const line = lineOf(context.promotions, event as StatusTarget);
  return !!line && line.status !== 'ended';
};

/** The lines with one line's status changed (the server's answer, or PRM10017: it had ended meanwhile). */
export const withStatus = <L extends StatusLine>(lines: L[], target: StatusTarget, status: PromotionStatus): L[] =>
  lines.map((line) => (line.id === target.id && line.kind === target.kind ? { ...line, status } : line));
