import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryMerchantHome } from '../../services/contract/merchantHome.ts';
import type { staffSummary } from '../../services/contract/invitation.ts';
import type { getUserAssets } from '../../services/contract/walletAssets.ts';
import type { unreadNotices } from '../../services/contract/notices.ts';
import { requestGateway } from '../../services/gateway.ts';
import { documentFlow } from './document.ts';

/**
 * The signed-in home hub's two reads, each on the document chart (loading → ready | unavailable,
 * a refusal | failed → retry): the member's balance, and a merchant's day — today's takings, the
 * settlement balance and its stores (MCH10003 for a member who is not a merchant). Both quietly:
 * the hub shows its own loading.
 */
export type Balance = ResponseOf<typeof getUserAssets>;
export type MerchantHome = ResponseOf<typeof queryMerchantHome>;
export type StaffHome = ResponseOf<typeof staffSummary>;
export type UnreadNotices = ResponseOf<typeof unreadNotices>;

export const hubBalanceFlow = documentFlow(() => requestGateway('wallet/member/getUserAssets', {}, { quiet: true }));

export const merchantHomeFlow = documentFlow(() => requestGateway('merchant/home/summary', {}, { quiet: true }));

/** An individual's staff corner: the store they collect at as a clerk, and their pending invitations. */
export const staffHomeFlow = documentFlow(() => requestGateway('staff/invitation/summary', {}, { quiet: true }));

/**
 * The inbox's unread count (wallet/notices/unreadCount: a count on an index), for the hub's badge: the
 * app's own call, not the person's (it does not keep the session alive), and without a toast (no badge is all it costs).
 */
export const unreadNoticesFlow = documentFlow(() => requestGateway('wallet/notices/unreadCount', {}, { quiet: true, silent: true, background: true }));
