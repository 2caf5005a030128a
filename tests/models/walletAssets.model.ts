import { walletAssetsMachine, type WalletAssetsEvent } from '../../machines/walletAssets.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleAssets } from './transfer.model.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const walletAssetsUserEvents = {
  'assets.refreshed': { type: 'assets.refreshed' },
  'assets.retry': { type: 'assets.retry' },
} satisfies Record<WalletAssetsEvent['type'], WalletAssetsEvent>;

export const walletAssetsModel: FlowModel<typeof walletAssetsMachine> = {
  machine: parkInvokes(walletAssetsMachine, ['loadAssets']),
  variants: [{ name: 'member', input: undefined }],
  events: [
    ...Object.values(walletAssetsUserEvents),
    doneEvent('loadAssets', { ok: true, data: sampleAssets }),
    doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, available: 4_875_000, verified: false, accountLevel: 'I' } }),
    doneEvent('loadAssets', refusal('AGW50000')),
    errorEvent('loadAssets', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.assets?.available ?? null, snapshot.context.errorCode]),
};
