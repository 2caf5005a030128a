import type { RequestOf } from '../services/contract/define.ts';
import type { createLotteryActivity } from '../services/contract/platformLottery.ts';
import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';
import { instantOf } from './groupPackageFields.ts';

/**
 * The fields of the lottery activity form (machines/lotteryForm.machine.ts) and how what was typed
 * becomes `platform/lottery/create`'s request: Kwanza amounts as the app reads them (to cêntimos),
 * odds as a percentage with up to 4 decimals (to parts per million: 2,5 % → 25 000 ppm), counts as
 * whole numbers, the date-time fields to ISO. Before anything is sent the form says what the server
 * would refuse (the contract's LOT10010–LOT10013): a field missing or not a figure, the odds adding
 * up past 100 %, the prizes (amount × quantity, summed) past the budget, an end not after the start
 * or a start already past; and a figure out of the contract's range.
 */
export type CreateLotteryRequest = RequestOf<typeof createLotteryActivity>;

export interface LotteryFields {
  name: string;
  rulesPt: string;
  rulesEn: string;
  rulesZh: string;
  startsAt: string;
  endsAt: string;
  entry: string;
  threshold: string;
  drawsPerEntry: string;
  budget: string;
  regulatorReference: string;
}
export type LotteryFieldName = keyof LotteryFields;
/** The fields in the order the form shows them (the prizes come between the entry and the budget). */
export const LOTTERY_FIELDS: LotteryFieldName[] = ['name', 'rulesPt', 'rulesEn', 'rulesZh', 'startsAt', 'endsAt', 'entry', 'threshold', 'drawsPerEntry', 'budget', 'regulatorReference'];
export const ENTRIES = ['recharge', 'consume'] as const;

export interface PrizeFields {
  name: string;
  amount: string;
  quantity: string;
  /** The chance of a draw to win this prize, in percent. */
  odds: string;
}
export type PrizeFieldName = keyof PrizeFields;
export const PRIZE_FIELDS: PrizeFieldName[] = ['name', 'amount', 'quantity', 'odds'];

/** The contract's bounds. */
export const MAX_PRIZES = 12;
export const WHOLE_PPM = 1_000_000;
const MAX_DRAWS_PER_ENTRY = 10;
const MAX_QUANTITY = 1_000_000;
/** How long before now a start may be: the server's grace (server/domains/platformLottery), for a start typed as the current minute. */
const START_GRACE_MS = 5 * 60_000;
/** The longest each field may be (what is typed past it is not kept). */
export const MAX_LENGTH: Record<string, number> = { name: 60, rulesPt: 4000, rulesEn: 4000, rulesZh: 4000, regulatorReference: 80, prizeName: 40 };

export const emptyFields = (): LotteryFields => ({
  name: '', rulesPt: '', rulesEn: '', rulesZh: '', startsAt: '', endsAt: '', entry: 'recharge', threshold: '', drawsPerEntry: '1', budget: '', regulatorReference: '',
});
export const emptyPrize = (): PrizeFields => ({ name: '', amount: '', quantity: '', odds: '' });

/**
 * What is wrong with a field, said next to it: missing, not a figure, out of range, or one of the
 * server's refusals foreseen (`endBeforeStart`, `startPast`: LOT10012; `oddsOver`: LOT10010 on the
 * prizes; `overBudget`: LOT10011 on the budget).
 */
export type Problem =
  | 'missing' | 'unreadable' | 'notPositive' | 'drawsRange' | 'quantityRange' | 'oddsRange' | 'referenceShort'
  | 'endBeforeStart' | 'startPast' | 'oddsOver' | 'overBudget';
/** Problems by field: a field's name, `prize.<index>.<field>`, or `prizes` (the table as a whole). */
export type Problems = Record<string, Problem>;
export const prizeKey = (index: number, field: PrizeFieldName) => `prize.${index}.${field}`;

const COUNT = /^\d{1,9}$/;
const PERCENT = /^(\d{1,3})(?:[.,](\d{1,4}))?$/;

const centsOf = (text: string, language: Language): number | null => {
  const value = parseAmount(text.trim(), language);
  return value === null ? null : Number(value);
};
const countOf = (text: string): number | null => (COUNT.test(text.trim()) ? Number(text.trim()) : null);
/** A percentage with up to 4 decimals as parts per million (`12,3456` → 123 456); null when it is not one. */
export function oddsPpmOf(text: string): number | null {
  const match = PERCENT.exec(text.trim().replace(/\s*%$/, ''));
  return match ? Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0')) : null;
}

/** What the prize lines' odds add up to, in ppm (lines whose odds cannot be read left out). */
export const oddsTotal = (prizes: PrizeFields[]): number => prizes.reduce((sum, prize) => sum + (oddsPpmOf(prize.odds) ?? 0), 0);
/** What the prizes can pay at most (amount × quantity, summed), in cêntimos (lines that cannot be read left out). */
export const prizesTotal = (prizes: PrizeFields[], language: Language): number =>
  prizes.reduce((sum, prize) => sum + (centsOf(prize.amount, language) ?? 0) * (countOf(prize.quantity) ?? 0), 0);

function amountProblem(text: string, language: Language): Problem | null {
  if (!text.trim()) return 'missing';
  const value = centsOf(text, language);
  return value === null ? 'unreadable' : value < 1 ? 'notPositive' : null;
}
function countProblem(text: string, max: number, range: Problem): Problem | null {
  if (!text.trim()) return 'missing';
  const value = countOf(text);
  return value === null ? 'unreadable' : value < 1 || value > max ? range : null;
}

/** Everything the form cannot send as it is, by field; `now` (ISO) is when it is sent. */
export function problemsOf(fields: LotteryFields, prizes: PrizeFields[], language: Language, now: string): Problems {
  const problems: Problems = {};
  const put = (key: string, problem: Problem | null) => {
    if (problem && !problems[key]) problems[key] = problem;
  };
  for (const name of ['name', 'rulesPt', 'rulesEn', 'rulesZh'] as const) if (!fields[name].trim()) put(name, 'missing');
  const startsAt = instantOf(fields.startsAt);
  const endsAt = instantOf(fields.endsAt);
  put('startsAt', !fields.startsAt.trim() ? 'missing' : startsAt === null ? 'unreadable' : null);
  put('endsAt', !fields.endsAt.trim() ? 'missing' : endsAt === null ? 'unreadable' : null);
  // LOT10012: the seed's commitment must come before the first draw (a start typed as this minute is still now, as the server allows)
  if (startsAt && Date.parse(startsAt) < Date.parse(now) - START_GRACE_MS) put('startsAt', 'startPast');
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) put('endsAt', 'endBeforeStart');
  if (!(ENTRIES as readonly string[]).includes(fields.entry)) put('entry', 'missing');
  put('threshold', amountProblem(fields.threshold, language));
  put('drawsPerEntry', countProblem(fields.drawsPerEntry, MAX_DRAWS_PER_ENTRY, 'drawsRange'));
  prizes.forEach((prize, index) => {
    if (!prize.name.trim()) put(prizeKey(index, 'name'), 'missing');
    put(prizeKey(index, 'amount'), amountProblem(prize.amount, language));
    put(prizeKey(index, 'quantity'), countProblem(prize.quantity, MAX_QUANTITY, 'quantityRange'));
    const odds = oddsPpmOf(prize.odds);
    put(prizeKey(index, 'odds'), !prize.odds.trim() ? 'missing' : odds === null ? 'unreadable' : odds < 1 || odds > WHOLE_PPM ? 'oddsRange' : null);
  });
  // LOT10010 and LOT10011, over the lines that can be read
  if (oddsTotal(prizes) > WHOLE_PPM) put('prizes', 'oddsOver');
  put('budget', amountProblem(fields.budget, language));
  const budget = centsOf(fields.budget, language);
  if (budget !== null && prizesTotal(prizes, language) > budget) put('budget', 'overBudget');
  if (fields.regulatorReference.trim().length < 3) put('regulatorReference', fields.regulatorReference.trim() ? 'referenceShort' : 'missing');
  return problems;
}

/**
 * The problems once `key` is changed: its own goes, and so does what it counts towards (a prize's
 * odds towards the odds' total; its amount or quantity, and the budget, towards the budget; either
 * date towards the other).
 */
export function problemsAfterChange(problems: Problems, key: string): Problems {
  const field = key.split('.').at(-1);
  const related = new Set([key]);
  if (field === 'odds') related.add('prizes');
  if (field === 'amount' || field === 'quantity') related.add('budget');
  if (key === 'startsAt' || key === 'endsAt') ['startsAt', 'endsAt'].forEach((name) => related.add(name));
  return Object.fromEntries(Object.entries(problems).filter(([name]) => !related.has(name)));
}

/** The problems once a prize line is removed: those of the lines after it move up, the totals' go. */
export function problemsAfterRemoval(problems: Problems, removed: number): Problems {
  const kept: Problems = {};
  for (const [key, problem] of Object.entries(problems)) {
    const match = /^prize\.(\d+)\.(\w+)$/.exec(key);
    if (key === 'prizes' || key === 'budget') continue;
    if (!match) kept[key] = problem;
    else if (Number(match[1]) !== removed) kept[Number(match[1]) > removed ? `prize.${Number(match[1]) - 1}.${match[2]}` : key] = problem;
  }
  return kept;
}

/** The call's request from fields that have no problem. */
export function requestOf(fields: LotteryFields, prizes: PrizeFields[], language: Language): CreateLotteryRequest {
  return {
    name: fields.name.trim(),
    rules: { pt: fields.rulesPt.trim(), en: fields.rulesEn.trim(), zh: fields.rulesZh.trim() },
    startsAt: instantOf(fields.startsAt) ?? '',
    endsAt: instantOf(fields.endsAt) ?? '',
    entry: fields.entry === 'consume' ? 'consume' : 'recharge',
    threshold: centsOf(fields.threshold, language) ?? 0,
    drawsPerEntry: countOf(fields.drawsPerEntry) ?? 0,
    prizes: prizes.map((prize) => ({
      name: prize.name.trim(), amount: centsOf(prize.amount, language) ?? 0, quantity: countOf(prize.quantity) ?? 0, oddsPpm: oddsPpmOf(prize.odds) ?? 0,
    })),
    budget: centsOf(fields.budget, language) ?? 0,
    regulatorReference: fields.regulatorReference.trim(),
  };
}

/**
 * Where a server refusal is said: at the field its detail names (the request's key), else where its
 * code can only be about (LOT10010 and LOT10013 the prizes, LOT10011 the budget, LOT10012 the end);
 * null: above the button.
 */
export function fieldOfRefusal(code: string | null, detail: string | null): string | null {
  if (detail && (LOTTERY_FIELDS as string[]).includes(detail)) return detail;
  const byCode: Record<string, string> = { LOT10010: 'prizes', LOT10011: 'budget', LOT10012: 'endsAt', LOT10013: 'prizes' };
  return (code && byCode[code]) ?? null;
}
