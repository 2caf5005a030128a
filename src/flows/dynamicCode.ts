import { fromPromise } from 'xstate';
import { dynamicCodeMachine } from '../../machines/dynamicCode.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The till's one-time code: made for an amount, then asked about every 2 s in the background (no cover, not activity for the session). */
export const dynamicCodeActors = {
  amountEntry: amountEntryMachine,
  createCode: fromPromise(({ input }: { input: { storeId: string; amount: number } }) => requestGateway('merchant/cashier/createDynamicCode', input)),
  queryCode: fromPromise(({ input }: { input: { serial: string } }) => requestGateway('merchant/cashier/queryDynamicCode', input, { quiet: true, background: true })),
} satisfies ActorsOf<typeof dynamicCodeMachine>;

/** The cashier's `dynamicCode` child as the till runs it. */
export const dynamicCodeFlow = dynamicCodeMachine.provide({ actors: dynamicCodeActors });
