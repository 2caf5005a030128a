import { groupPackagesMachine, type GroupPackageLine, type GroupPackagesEvent } from '../../machines/groupPackages.machine.ts';
import type { ActorRefFrom } from 'xstate';
import type { StatusChangeInput, statusChangeMachine } from '../../machines/statusChange.machine.ts';
import { listOffered, offeredForLine, statusChangeModel } from './statusChange.model.ts';
import { linkShareModel } from './linkShare.model.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

/** The status change the child was asked (its input), to answer it as its end would. */
const asked = (snapshot: { children: Record<string, unknown> }, fallback: StatusChangeInput): StatusChangeInput =>
  ((snapshot.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot().context ?? fallback);

const PAUSE_PACKAGE: StatusChangeInput = { line: { id: '41' }, from: 'active', to: 'paused', endedCode: 'GRP10005' };
const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

const figures = { content: ['2 pizzas grandes', '1 refrigerante'], stock: 50, startsAt: '2026-11-01T08:00:00.000Z', photoFileId: null };
export const samplePackages: GroupPackageLine[] = [
  { ...figures, packageId: '41', storeId: '31', storeName: 'Loja Central', name: 'Pizza para dois', groupPrice: 800_000, normalPrice: 1_200_000, left: 38, sold: 12, redeemed: 7, refunded: 1, endsAt: '2026-12-31T22:00:00.000Z', status: 'active' },
  { ...figures, packageId: '42', storeId: '33', storeName: 'Loja do Porto', name: 'Jantar de família', groupPrice: 2_000_000, normalPrice: 2_500_000, left: 50, sold: 0, redeemed: 0, refunded: 0, endsAt: '2026-12-24T22:00:00.000Z', status: 'paused' },
  { ...figures, packageId: '43', storeId: '31', storeName: 'Loja Central', name: 'Almoço de Natal', groupPrice: 500_000, normalPrice: 700_000, left: 0, sold: 50, redeemed: 50, refunded: 0, endsAt: '2026-01-05T22:00:00.000Z', status: 'ended' },
];

export const groupPackagesUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
  'package.paused': { type: 'package.paused', packageId: '41' },
  'package.resumed': { type: 'package.resumed', packageId: '42' },
  'package.ended': { type: 'package.ended', packageId: '41' },
  'package.shared': { type: 'package.shared', packageId: '41' },
} satisfies Record<GroupPackagesEvent['type'], GroupPackagesEvent>;

export const groupPackagesModel: FlowModel<typeof groupPackagesMachine> = {
  machine: parkInvokes(groupPackagesMachine, ['loadList']).provide({ actors: { statusChange: statusChangeModel.machine, linkShare: linkShareModel.machine } } as never) as typeof groupPackagesMachine,
  variants: [{ name: 'the owner', input: undefined }],
  events: (snapshot) => [
    ...Object.values(groupPackagesUserEvents).filter((e) => listOffered(snapshot) && offeredForLine(e.type, snapshot.context.packages.find((p) => p.packageId === (e as { packageId?: string }).packageId)?.status)),
    doneEvent('loadList', { ok: true, data: { packages: samplePackages } }),
    doneEvent('loadList', { ok: true, data: { packages: [] } }),
    doneEvent('loadList', refusal('MCH10003')),
    doneEvent('loadList', refusal('STF10010')),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
    // the status change child's ends (its own model goes through its states): the status the server gave, or it had ended meanwhile
    doneEvent('statusChange', { ok: true, data: { line: asked(snapshot, PAUSE_PACKAGE).line, status: asked(snapshot, PAUSE_PACKAGE).to } }),
    doneEvent('statusChange', { ...refusal('GRP10005'), data: { line: asked(snapshot, PAUSE_PACKAGE).line, status: 'ended' } }),
    doneEvent('statusChange', refusal('AGW50000')),
    doneEvent('statusChange', { ok: false, unreachable: true }),
    errorEvent('statusChange', new Error('child failed')),
    // the share child never ends (its own model goes through its states); it may only fail
    errorEvent('linkShare', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    // the statuses decide what may happen next; the rest only shows
    return JSON.stringify([snapshot.value, c.packages.map((p) => p.status).join(',')]);
  },
};
