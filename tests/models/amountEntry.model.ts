import { amountEntryMachine, typedAmount, type AmountEntryEvent, type AmountEntryInput } from '../../machines/amountEntry.machine.ts';
import type { FlowModel } from '../support/mbt.ts';

/** The withdrawal's limits as its model has them: at least 100 Kz, 50 000 Kz available, 49 750 Kz the most now. */
export const withdrawalAmountInput: AmountEntryInput = {
  language: 'pt',
  amountText: '',
  min: 10_000,
  limits: [{ name: 'available', max: 5_000_000 }, { name: 'maxAmount', max: 4_975_000 }],
};

export const amountEntryUserEvents = {
  'amount.changed': { type: 'amount.changed', value: '1 250,00' } as AmountEntryEvent,
  'amount.submitted': { type: 'amount.submitted' },
} satisfies Record<AmountEntryEvent['type'], AmountEntryEvent>;

/**
 * The amount as the withdrawal asks it (a minimum, the balance, the most now), first and again
 * after its server refused the amount asked before: every refusal here — not a number, zero,
 * below the minimum, over each limit — then asked.
 */
export const amountEntryModel: FlowModel<typeof amountEntryMachine> = {
  machine: amountEntryMachine,
  variants: [
    { name: 'pt, the withdrawal’s limits', input: withdrawalAmountInput },
    { name: 'pt, asked again after the server refused it', input: { ...withdrawalAmountInput, amountText: '1 250', refusal: { code: 'FND10001', detail: '' } } },
  ],
  events: [
    ...Object.values(amountEntryUserEvents),
    { type: 'amount.changed', value: '12,345' } as AmountEntryEvent,
    { type: 'amount.changed', value: '0' } as AmountEntryEvent,
    { type: 'amount.changed', value: '0,50' } as AmountEntryEvent,
    { type: 'amount.changed', value: '60 000' } as AmountEntryEvent,
    { type: 'amount.changed', value: '49 900' } as AmountEntryEvent,
  ],
  // what the guards read: the typed amount against the limits
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const typed = typedAmount(c);
    return JSON.stringify([snapshot.value, typed === null ? null : String(typed), c.refusal !== null, c.exceeded]);
  },
};
