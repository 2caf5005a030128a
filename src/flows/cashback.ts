import { requestGateway } from '../../services/gateway.ts';
import { documentFlow } from './document.ts';
import { standaloneListFlow } from './pagedList.ts';

/**
 * The member's cashback (wallet/cashback/*): the records are the paged list chart alone (no filter:
 * every record, newest first), a record and the announcement the document chart (loading, shown,
 * not found, retry).
 */
export const CASHBACK_PAGE_SIZE = 20;

export const cashbackListFlow = standaloneListFlow((_query: null, cursor) =>
  requestGateway('wallet/cashback/list', { ...(cursor ? { cursor } : {}), pageSize: CASHBACK_PAGE_SIZE }, { quiet: true }));

export const cashbackDetailFlow = documentFlow(({ key }) => requestGateway('wallet/cashback/detail', { id: key }, { quiet: true }));

export const cashbackAnnouncementFlow = documentFlow(() => requestGateway('wallet/cashback/announcement', {}, { quiet: true }));
