import { fromPromise } from 'xstate';
import { promotionsMachine, type PromotionKind } from '../../machines/promotions.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { statusChangeWith } from './statusChange.ts';
import { requestGateway } from '../../services/gateway.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { shareLink, type SharedVia } from '../lib/shareLink.ts';
import { linkShareMachine, type LinkShareInput } from '../../machines/linkShare.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { openStores } from './openStores.ts';

/** The owner's promotions: the list, their status, and a coupon's claim link shared. */
export const promotionsActors = {
  loadList: fromPromise(() => requestGateway('merchant/promotion/list', {}, { quiet: true })),
  statusChange: statusChangeWith((input) => requestGateway('merchant/promotion/setStatus', { kind: input.line.kind as PromotionKind, id: input.line.id, status: input.status })),
  loadStores: fromPromise(() => openStores()),
  // the list's link is a path of this site, shared under the list's own title
  linkShare: linkShareMachine.provide({
    actors: { shareLink: fromPromise<Outcome<{ via: SharedVia }>, LinkShareInput>(({ input }) => shareLink(`${window.location.origin}${input.url}`, transportUi().t('promotions.shareTitle'))) },
  }),
} satisfies ActorsOf<typeof promotionsMachine>;

export const promotionsFlow = promotionsMachine.provide({ actors: promotionsActors });
