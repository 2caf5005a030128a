import { requestGateway } from '../../services/gateway.ts';
import { uploadGatewayFile } from '../../services/upload.ts';
import { documentFlow } from './document.ts';

/** The enterprise form's calls (machines/enterpriseForm.ts): its province and city choices, through the document chart… */
export const provincesFlow = documentFlow(() => requestGateway('subMerchant/register/queryAllProvCities', {}, { quiet: true }));

/** …and each document as it is chosen: images are compressed (1200×1200, 0.8) by the gateway upload; PDFs go as they are. */
export const uploadEnterpriseDocument = (file: File, onProgress: (fraction: number) => void) => uploadGatewayFile(file, 'EnterpriseVerification', { onProgress });
