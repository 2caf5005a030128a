import { CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import type { MerchantReceipt } from '../../../services/contract/scanToPay.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler, InStatementSessionHandler } from '../../handler.ts';
import { moneyStatement } from '../../ledger/ledger.ts';
import { payloadHash } from '../../ledger/idempotent.ts';
import { purposeHash } from '../../ledger/payAuthorizations.ts';
import { hashToken } from '../../auth/sessions.ts';
import { memberIdOf } from '../../entities/members.ts';
import { payableCode } from './codes.ts';

const PAY = 'pay/merchant/pay';

/**
 * What the scanned code pays, before the payer types an amount and the pay password: the merchant's
 * name, the store, the category, a dynamic code's amount. Every refusal the payment would give for
 * the code itself is given here already (codes.ts), and paying one's own store is MCH10014.
 */
const resolveCode: Handler<'pay/merchant/resolveCode'> = async (input, ctx) => {
  const code = await payableCode(ctx.db, input.code);
  if (code.ownerMemberId === memberIdOf(ctx)) throw new DomainError(MERCHANT_CODES.payingOwnStore);
  return {
    serial: code.serial,
    kind: code.kind === 'dynamic' ? 'dynamic' : 'static',
    merchantName: code.merchantName,
    storeName: code.storeName,
    mcc: code.mcc,
    amount: code.kind === 'dynamic' ? code.amount : null,
    expiresAt: code.expiresAt ? code.expiresAt.toISOString() : null,
  };
};

/**
 * Pays a merchant in one round trip: the money-call pattern's SQL form (server/ledger/README.md),
 * as the transfer. `scan_to_pay_in_session` (migration 021) checks the session (registered below as
 * checking it in its statement), claims the requestNo (a replay answers what the first call
 * answered, FND10002 for another payload), spends the pay confirmation for this payment, resolves
 * the serial (a dynamic code locked and paid once), and pays through `merchant_pay`, the one
 * function every merchant payment goes through; the answer or the refusal is stored.
 */
const pay: InStatementSessionHandler<typeof PAY>['handle'] = async (input, ctx) => {
  const session = ctx.session;
  const [outcome] = await moneyStatement<{ code: string; detail: string; answer: MerchantReceipt | null }>(
    ctx.db,
    'scan_to_pay_in_session',
    'SELECT * FROM scan_to_pay_in_session($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [session.tokenHash, session.idleSeconds, session.granularitySeconds, ctx.requestNo, payloadHash(PAY, input), hashToken(input.payToken),
      purposeHash({ service: PAY, amount: input.amount, counterparty: input.serial }), input.serial, input.amount],
  );
  if (outcome!.code === CODES.forbidden) throw new DomainError(CODES.forbidden, 403);
  if (outcome!.code !== CODES.ok) throw new DomainError(outcome!.code, 200, outcome!.detail || undefined);
  return outcome!.answer!;
};

export const scanToPayHandlers = {
  'pay/merchant/resolveCode': resolveCode,
  [PAY]: { sessionCheck: 'inStatement', handle: pay },
} satisfies FlowHandlers<'scanToPay'>;
