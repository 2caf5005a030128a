import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isOk, outputOf, provided, refusalCode } from './outcome.ts';
import type { Assets } from './transfer.machine.ts';

/**
 * The wallet's front page: the member's money (available, frozen, cashback received, account
 * level), loaded once and refreshed by pulling down; a failed refresh keeps the figures shown.
 */
export interface WalletAssetsContext {
  assets: Assets | null;
  errorCode: string | null;
}

export type WalletAssetsEvent = { type: 'assets.refreshed' } | { type: 'assets.retry' };

export const walletAssetsMachine = setup({
  types: {
    context: {} as WalletAssetsContext,
    events: {} as WalletAssetsEvent,
  },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
  },
  guards: { isOk },
  actions: {
    keepAssets: assign({ assets: ({ event }) => { const o = outputOf<Assets>(event); return o.ok ? o.data : null; }, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'walletAssets',
  context: { assets: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAssets',
        src: 'loadAssets',
        onDone: [{ guard: 'isOk', target: 'ready', actions: 'keepAssets' }, { target: 'failed', actions: 'keepRefusal' }],
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'assets.retry': { target: 'loading' } },
    },
    ready: {
      on: { 'assets.refreshed': { target: 'refreshing' } },
      initial: 'shown',
      states: {
        shown: {},
        refreshFailed: { tags: ['error'] },
      },
    },
    refreshing: {
      tags: ['refreshing'],
      invoke: {
        id: 'loadAssets',
        src: 'loadAssets',
        onDone: [{ guard: 'isOk', target: 'ready.shown', actions: 'keepAssets' }, { target: 'ready.refreshFailed', actions: 'keepRefusal' }],
        onError: { target: 'ready.refreshFailed', actions: 'forgetRefusal' },
      },
    },
  },
});
