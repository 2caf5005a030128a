import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
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
    events: {} as WalletAssetsEvent | AnswerEvent,
  },
  actors: {
    loadAssets: provided<Outcome<Assets>>('loadAssets'),
  },
  actions: {
    announceAnswer: announceAnswer<WalletAssetsContext, WalletAssetsEvent | AnswerEvent>(),
    keepAssets: assign({ assets: ({ event }) => answerData<Assets>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadAssets.ok': { target: 'ready', actions: 'keepAssets' },
        'loadAssets.refused.*': { target: 'failed', actions: 'keepRefusal' },
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
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.refreshFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadAssets.ok': { target: 'ready.shown', actions: 'keepAssets' },
        'loadAssets.refused.*': { target: 'ready.refreshFailed', actions: 'keepRefusal' },
      },
    },
  },
});
