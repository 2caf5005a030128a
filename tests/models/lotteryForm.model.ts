import { lotteryFormMachine, type LotteryFormEvent } from '../../machines/lotteryForm.machine.ts';
import { problemsOf } from '../../machines/lotteryFields.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
const change = (name: string, value: string): LotteryFormEvent => ({ type: 'field.changed', name, value });
const prize = (index: number, name: string, value: string): LotteryFormEvent => ({ type: 'prize.changed', index, name, value });
/** When the model sends the form; the dates typed are far from it, so the screen's own clock tells the same. */
export const LOTTERY_FORM_NOW = '2026-05-01T08:00:00.000Z';

/** What an operator types: every field readable (the dates years ahead), odds that cannot be, a second prize line added and removed. */
export const lotteryFormTyping: LotteryFormEvent[] = [
  change('name', 'Sorteio de Maio'),
  change('rulesPt', 'Cada carregamento de 1 000 Kz dá 2 sorteios.'),
  change('rulesEn', 'Each top-up of Kz 1,000 earns 2 draws.'),
  change('rulesZh', '每笔满 1,000 Kz 的充值可获得 2 次抽奖。'),
  change('startsAt', '2099-05-01T09:00'),
  change('endsAt', '2099-05-31T23:00'),
  change('entry', 'consume'),
  change('threshold', '1 000'),
  change('drawsPerEntry', '2'),
  prize(0, 'name', 'Vale 5 000 Kz'),
  prize(0, 'amount', '5 000'),
  prize(0, 'quantity', '5'),
  prize(0, 'odds', '2,5'),
  prize(0, 'odds', '2,12345'),
  { type: 'prize.added' },
  { type: 'prize.removed', index: 1 },
  change('budget', '50 000'),
  change('regulatorReference', 'ISJ/2026/041'),
];

export const lotteryFormModel: FlowModel<typeof lotteryFormMachine> = {
  machine: parkInvokes(lotteryFormMachine, ['create']),
  variants: [{ name: 'an operator', input: { language: 'pt' as const } }],
  events: [
    ...lotteryFormTyping,
    { type: 'form.submitted', now: LOTTERY_FORM_NOW } as LotteryFormEvent,
    { type: 'form.restarted' },
    doneEvent('create', { ok: true, data: { activityId: '51', seedCommitment: 'a'.repeat(64) } }),
    doneEvent('create', refusal('LOT10011')),
    doneEvent('create', refusal('AGW50000')),
    errorEvent('create', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    // what decides the next step: how many prize lines, how far the form is from being sent (each field typed brings it nearer),
    // and whether a send would go under the requestNo of the last one (no answer, nothing changed since)
    return JSON.stringify([snapshot.value, c.prizes.length, Object.keys(problemsOf(c.fields, c.prizes, c.language, LOTTERY_FORM_NOW)).length, c.requestNo !== null]);
  },
};
