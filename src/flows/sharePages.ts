import { fromPromise } from 'xstate';
import { documentMachine, type DocumentInput } from '../../machines/document.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * The share pages' reads (README "Share pages"): the document chart (loading, shown, refused,
 * retry) with the share call its key names (`sharedKey`, services/contract/sharePages.ts), so a page
 * the server rendered starts where the server's read left it (src/ssrData.ts).
 */
export const loadShared = async ({ key }: DocumentInput): Promise<Outcome<unknown>> => {
  // the gateway's client (HTTP, the contract's schemas: 45 KB) only when the page reads for itself:
  // a page the server rendered starts with its read, and a cheap phone need not fetch it to show it
  const { requestGateway } = await import('../../services/gateway.ts');
  const [, kind, first, second] = key.split('/');
  if (kind === 'group') return requestGateway('share/group/get', { storeId: first!, packageId: second! }, { quiet: true });
  if (kind === 'coupon') return requestGateway('share/coupon/get', { couponId: first! }, { quiet: true });
  return requestGateway('share/store/get', { storeId: first! }, { quiet: true });
};

export const sharedFlow = documentMachine.provide({ actors: { loadDocument: fromPromise<Outcome<unknown>, DocumentInput>(({ input }) => loadShared(input)) } });
