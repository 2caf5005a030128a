import { requestGateway } from '../../services/gateway.ts';
import { documentFlow } from './document.ts';
import { standaloneListFlow } from './pagedList.ts';

/**
 * The member's reductions (wallet/reduction/*): the payments a discount or a coupon lowered, the
 * paged list chart alone (every one, newest first); one of them the document chart.
 */
export const REDUCTION_PAGE_SIZE = 20;

export const reductionListFlow = standaloneListFlow((_query: null, cursor) =>
  requestGateway('wallet/reduction/list', { ...(cursor ? { cursor } : {}), pageSize: REDUCTION_PAGE_SIZE }, { quiet: true }));

export const reductionDetailFlow = documentFlow(({ key }) => requestGateway('wallet/reduction/detail', { id: key }, { quiet: true }));
