import { fromPromise } from 'xstate';
import { codeBindingMachine, type StoreCodes } from '../../machines/codeBinding.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { scannerFlow } from './scanner.ts';

const quiet = { quiet: true } as const;

/** The store (its name goes under its code) and its codes, read together. */
async function loadCodes(storeId: string): Promise<Outcome<StoreCodes>> {
  const [detail, codes] = await Promise.all([requestGateway('merchant/store/detail', { storeId }, quiet), requestGateway('merchant/code/list', { storeId }, quiet)]);
  if (!detail.ok) return detail;
  if (!codes.ok) return codes;
  return { ok: true, data: { store: detail.data.store, ...codes.data } };
}

/** A store's codes, binding a sticker (scanned by the scanner child, or its serial typed) and unbinding one. */
export const codeBindingActors = {
  loadCodes: fromPromise(({ input }: { input: { storeId: string } }) => loadCodes(input.storeId)),
  bindCode: fromPromise(({ input }: { input: { storeId: string; code: string } }) => requestGateway('merchant/code/bind', input)),
  unbindCode: fromPromise(({ input }: { input: { bindingId: string } }) => requestGateway('merchant/code/unbind', input)),
  scanner: scannerFlow,
} satisfies ActorsOf<typeof codeBindingMachine>;

export const codeBindingFlow = codeBindingMachine.provide({ actors: codeBindingActors });
