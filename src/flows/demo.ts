import { documentFlow } from './document.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The guided demo's accounts and test data (common/demo/guide), read with the document chart: refused on a production server. */
export const demoGuideFlow = documentFlow(() => requestGateway('common/demo/guide', {}, { quiet: true }));
