import { requestGateway } from '../../services/gateway.ts';
import { documentFlow, type DocumentLoader } from './document.ts';

/**
 * The share pages' reads (README "Share pages"): the document chart (loading, shown, refused,
 * retry) with the share call its key names (`sharedKey`, services/contract/sharePages.ts), so a page
 * the server rendered starts where the server's read left it (src/ssrData.ts).
 */
export const loadShared: DocumentLoader = ({ key }) => {
  const [, kind, first, second] = key.split('/');
  if (kind === 'group') return requestGateway('share/group/get', { storeId: first!, packageId: second! }, { quiet: true });
  if (kind === 'coupon') return requestGateway('share/coupon/get', { couponId: first! }, { quiet: true });
  return requestGateway('share/store/get', { storeId: first! }, { quiet: true });
};

export const sharedFlow = documentFlow(loadShared);
