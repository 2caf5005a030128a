import { fromPromise } from 'xstate';
import { subMerchantMachine, type SubMerchantRequest } from '../../machines/subMerchant.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The provinces and cities to choose from, and the registration. */
export const subMerchantActors = {
  loadProvinces: fromPromise(() => requestGateway('subMerchant/register/queryAllProvCities', {}, { quiet: true })),
  register: fromPromise(({ input }: { input: SubMerchantRequest }) => requestGateway('subMerchant/register/apply', input)),
} satisfies ActorsOf<typeof subMerchantMachine>;

export const subMerchantFlow = subMerchantMachine.provide({ actors: subMerchantActors });
