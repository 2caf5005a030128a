import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { listGroupPackages } from '../services/contract/groupPackages.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { linkShareMachine, type LinkShareInput } from './linkShare.machine.ts';
import { statusChangeOf } from './promotionStatus.ts';
import { statusChangeMachine, type LineStatusNow } from './statusChange.machine.ts';

/**
 * The merchant owner's group packages (`/app/grouppackages`): each package of its stores, newest
 * first, with what it sold, what is left, redeemed and refunded (`merchant/groupPackage/list`);
 * pause, resume, and end after a confirmation (the statusChange child, over
 * `merchant/groupPackage/setStatus`: ending is final, GRP10005 when it had already ended); and an
 * active package's page `/s/group/<storeId>/<packageId>` shared through the device's share sheet,
 * else copied to the clipboard (the linkShare child). Not the owner (a clerk STF10010, a member
 * MCH10003) → said so. The same children as the promotions' list (machines/promotions.machine.ts);
 * a package names its own store, so no store is asked for.
 */
export type GroupPackageLine = ResponseOf<typeof listGroupPackages>['packages'][number];
export type GroupPackageStatus = GroupPackageLine['status'];

/** The package's public page (the link's path; the screen prefixes the origin). */
export const groupPackagePath = (storeId: string, packageId: string) => `/s/group/${encodeURIComponent(storeId)}/${encodeURIComponent(packageId)}`;

export interface GroupPackagesContext {
  packages: GroupPackageLine[];
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
  | { type: 'package.shared'; packageId: string };

type Args = { context: GroupPackagesContext; event: { type: string } };
const lineOf = ({ context, event }: Args) => context.packages.find((line) => line.packageId === (event as { packageId?: string }).packageId);
/** The packages as lines with a status, named by their packageId (what the statusChange child is asked about). */
const statusLines = (lines: GroupPackageLine[]) => lines.map((line) => ({ id: line.packageId, status: line.status }));
/** The packages with one package's status as the statusChange child ended (null: nothing changed). */
const withStatus = (lines: GroupPackageLine[], now: LineStatusNow) =>
  lines.map((line) => (now.status !== null && line.packageId === now.line.id ? { ...line, status: now.status } : line));

export const groupPackagesMachine = setup({
  types: { context: {} as GroupPackagesContext, events: {} as GroupPackagesEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<ResponseOf<typeof listGroupPackages>>>('loadList'),
    statusChange: statusChangeMachine,
    linkShare: linkShareMachine,
  },
  guards: {
    // a paused or ended package is not for sale (GRP10007): only an active one is shared
    shareable: (args) => lineOf(args)?.status === 'active',
  },
  actions: {
    announceAnswer: announceAnswer<GroupPackagesContext, GroupPackagesEvent | AnswerEvent>(),
    keepList: assign({ packages: ({ event }) => answerData<ResponseOf<typeof listGroupPackages>>(event).packages, errorCode: null }),
    // the status the package has now: the server's answer, or ended (GRP10005: it had ended meanwhile, on another device)
    keepStatus: assign({ packages: ({ context, event }) => withStatus(context.packages, answerData<LineStatusNow>(event)), errorCode: null }),
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
  context: { packages: [], sharePath: null, errorCode: null },
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
        // the statusChange child says which changes the package's status allows
        'package.paused': { target: '.changingStatus' },
        'package.resumed': { target: '.changingStatus' },
        'package.ended': { target: '.changingStatus' },
        'package.shared': { guard: 'shareable', target: '.sharing', actions: 'choosePackage' },
      },
      states: {
        idle: {},
        // the statusChange child: asked, confirmed when ending, saved; its refusal shown until the list's next step
        changingStatus: {
          invoke: {
            id: 'statusChange',
            src: 'statusChange',
            input: ({ context, event }) => statusChangeOf(statusLines(context.packages), { id: (event as { packageId: string }).packageId }, event.type, 'GRP10005'),
            onDone: { actions: 'announceAnswer' },
            // the chart itself failed (never an answer of the server): the list read again says where the package stands
            onError: { target: '#groupPackages.loading' },
          },
          on: {
            'statusChange.ok': { target: 'idle', actions: 'keepStatus' },
            'statusChange.refused.GRP10005': { target: 'alreadyEnded', actions: 'keepStatus' },
            // it ends with no other answer (a refusal or no answer stays shown in it): should one come, the list read again says where the line stands
            'statusChange.refused.*': { target: '#groupPackages.loading' },
            'statusChange.unreachable': { target: '#groupPackages.loading' },
          },
        },
        alreadyEnded: { tags: ['error'] },
        // the linkShare child: the package's page shared or copied, or shown to copy by hand, until the list's next step
        sharing: {
          invoke: {
            id: 'linkShare',
            src: 'linkShare',
            input: ({ context }): LinkShareInput => ({ url: context.sharePath!, atOnce: true }),
            // the chart itself failed (never the share sheet's answer): nothing shared, nothing to say
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
