import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { listGroupPackages } from '../services/contract/groupPackages.ts';
import type { SharedVia } from '../src/lib/shareLink.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { viaClipboard } from './sharing.ts';

/**
 * The merchant owner's group packages (`/app/grouppackages`): each package of its stores, newest
 * first, with what it sold, what is left, redeemed and refunded (`merchant/groupPackage/list`);
 * pause, resume, and end after a confirmation (`merchant/groupPackage/setStatus`: ending is final,
 * GRP10005 when it had already ended); and an active package's page `/s/group/<storeId>/<packageId>`
 * shared through the device's share sheet, else copied to the clipboard. Not the owner (a clerk
 * STF10010, a member MCH10003) → said so. The same steps as the promotions' list
 * (machines/promotions.machine.ts); a package names its own store, so no store is asked for.
 */
export type GroupPackageLine = ResponseOf<typeof listGroupPackages>['packages'][number];
export type GroupPackageStatus = GroupPackageLine['status'];

/** The package's public page (the link's path; the screen prefixes the origin). */
export const groupPackagePath = (storeId: string, packageId: string) => `/s/group/${encodeURIComponent(storeId)}/${encodeURIComponent(packageId)}`;

export interface GroupPackagesContext {
  packages: GroupPackageLine[];
  /** The status change asked for: which package, and the status it should take. */
  change: { packageId: string; status: GroupPackageStatus } | null;
  /** The page of the package being shared. */
  sharePath: string | null;
  errorCode: string | null;
}

export type GroupPackagesEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'package.paused'; packageId: string }
  | { type: 'package.resumed'; packageId: string }
  | { type: 'package.ended'; packageId: string }
  | { type: 'end.confirmed' }
  | { type: 'end.cancelled' }
  | { type: 'package.shared'; packageId: string };

type Args = { context: GroupPackagesContext; event: { type: string } };
const lineOf = ({ context, event }: Args) => context.packages.find((line) => line.packageId === (event as { packageId?: string }).packageId);
const STATUS_ASKED: Record<string, GroupPackageStatus> = { 'package.paused': 'paused', 'package.resumed': 'active', 'package.ended': 'ended' };
const withStatus = (lines: GroupPackageLine[], packageId: string, status: GroupPackageStatus) =>
  lines.map((line) => (line.packageId === packageId ? { ...line, status } : line));

export const groupPackagesMachine = setup({
  types: { context: {} as GroupPackagesContext, events: {} as GroupPackagesEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<ResponseOf<typeof listGroupPackages>>>('loadList'),
    setStatus: provided<Outcome<{ packageId: string; status: GroupPackageStatus }>, { packageId: string; status: GroupPackageStatus }>('setStatus'),
    shareLink: provided<Outcome<{ via: SharedVia }>, { path: string }>('shareLink'),
  },
  guards: {
    // only what the line's status allows: an active one pauses, a paused one resumes, an ended one stays
    active: (args) => lineOf(args)?.status === 'active',
    paused: (args) => lineOf(args)?.status === 'paused',
    notEnded: (args) => {
      const line = lineOf(args);
      return !!line && line.status !== 'ended';
    },
    // a paused or ended package is not for sale (GRP10007): only an active one is shared
    shareable: (args) => lineOf(args)?.status === 'active',
    copied: viaClipboard,
  },
  actions: {
    announceAnswer: announceAnswer<GroupPackagesContext, GroupPackagesEvent | AnswerEvent>(),
    keepList: assign({ packages: ({ event }) => answerData<ResponseOf<typeof listGroupPackages>>(event).packages, errorCode: null }),
    askChange: assign({ change: ({ event }) => ({ packageId: (event as { packageId: string }).packageId, status: STATUS_ASKED[event.type]! }) }),
    keepStatus: assign({
      packages: ({ context, event }) => {
        const changed = answerData<{ packageId: string; status: GroupPackageStatus }>(event);
        return withStatus(context.packages, changed.packageId, changed.status);
      },
      errorCode: null,
    }),
    // GRP10005: it had ended meanwhile (another device): the line says so
    markEnded: assign({ packages: ({ context }) => withStatus(context.packages, context.change!.packageId, 'ended') }),
    choosePackage: assign({
      sharePath: ({ context, event }) => {
        const line = lineOf({ context, event });
        return line ? groupPackagePath(line.storeId, line.packageId) : null;
      },
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'groupPackages',
  context: { packages: [], change: null, sharePath: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: { id: 'loadList', src: 'loadList', onDone: { actions: 'announceAnswer' }, onError: { target: 'failed', actions: 'forgetRefusal' } },
      on: {
        'loadList.ok': { target: 'list', actions: 'keepList' },
        // a member without a collection account, or a clerk
        'loadList.refused.MCH10003': { target: 'notOwner', actions: 'keepRefusal' },
        'loadList.refused.STF10010': { target: 'notOwner', actions: 'keepRefusal' },
        'loadList.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': { target: 'loading' } } },
    notOwner: {},
    list: {
      initial: 'idle',
      on: {
        'list.refresh': { target: 'loading' },
        'package.paused': { guard: 'active', target: 'settingStatus', actions: 'askChange' },
        'package.resumed': { guard: 'paused', target: 'settingStatus', actions: 'askChange' },
        'package.ended': { guard: 'notEnded', target: 'confirmingEnd', actions: 'askChange' },
        'package.shared': { guard: 'shareable', target: 'sharing', actions: 'choosePackage' },
      },
      states: {
        idle: {},
        statusRefused: { tags: ['error'] },
        statusUnreachable: { tags: ['error'] },
        alreadyEnded: { tags: ['error'] },
        shared: {},
        copied: {},
        shareFailed: { tags: ['error'] },
      },
    },
    confirmingEnd: { on: { 'end.confirmed': { target: 'settingStatus' }, 'end.cancelled': { target: 'list' } } },
    settingStatus: {
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => context.change!,
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'list.statusUnreachable', actions: 'forgetRefusal' },
      },
      on: {
        'setStatus.ok': { target: 'list.idle', actions: 'keepStatus' },
        'setStatus.refused.GRP10005': { target: 'list.alreadyEnded', actions: ['keepRefusal', 'markEnded'] },
        'setStatus.refused.*': { target: 'list.statusRefused', actions: 'keepRefusal' },
      },
    },
    sharing: {
      tags: ['busy'],
      invoke: {
        id: 'shareLink',
        src: 'shareLink',
        input: ({ context }) => ({ path: context.sharePath! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'list.shareFailed' },
      },
      on: {
        'shareLink.ok': [{ guard: 'copied', target: 'list.copied' }, { target: 'list.shared' }],
        // the person closed the share sheet: nothing to say
        'shareLink.refused.aborted': { target: 'list.idle' },
        'shareLink.refused.*': { target: 'list.shareFailed' },
      },
    },
  },
});
