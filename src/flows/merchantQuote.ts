import { fromPromise } from 'xstate';
import type { MerchantQuote, QuoteRequest } from '../../machines/scanToPay.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** What paying a merchant comes to, promotions included (pay/merchant/quote): a scanned code with its amount, or a cashier's charge. */
export const quoteMerchantPayment = fromPromise<Outcome<MerchantQuote>, QuoteRequest>(
  ({ input }) => requestGateway('pay/merchant/quote', input),
);
