import { LEDGER_CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { encodeCollectionCode } from '../../../services/emvco.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { merchantPay } from '../../ledger/merchantPayment.ts';
import { insertCodes } from '../codeBinding/codes.ts';
import { merchantOf, ownedStore, type MerchantRow, type StoreRow } from '../merchantOpening/merchants.ts';
import { memberIdOf } from '../members/moneyMembers.ts';
import { passwordFreeOf } from '../passwordFree/handlers.ts';
import { CHARGE_CONFIRM_SECONDS, expireOverdueCharge, lockUsablePaymentCode } from '../paymentCode/codes.ts';
import { chargeView, merchantPaymentView, type ChargeRow } from './payments.ts';

/**
 * The till: a dynamic code for an amount, and charging a member's payment code. Only the merchant's
 * owner for now, for the stores of its merchant and sub-merchants (merchantOf / ownedStore, the one
 * place the next issue opens to clerks). MCH10004 for another merchant's store, code or charge.
 */

const CHARGE = 'merchant/cashier/chargePaymentCode';
/** The EMVCo amount field (54) holds at most 13 characters: "9999999999.99". */
const LARGEST_CODE_AMOUNT = 999_999_999_999;

const requireOpen = (store: StoreRow & { merchant: MerchantRow }, owner: MerchantRow) => {
  if (store.status !== 'open' || store.merchant.status !== 'active' || owner.status !== 'active') throw new DomainError(MERCHANT_CODES.storeClosed);
};

/**
 * A one-time code for an amount: serial `DY` + 12 random, an EMVCo dynamic payload (01 = 12, the
 * amount in 54) with the store as store label (62.03), the member at the till as terminal label
 * (62.07) and the serial as reference (62.05). Paid once, until `expiresAt` (DYNAMIC_CODE_SECONDS).
 */
const createDynamicCode: Handler<'merchant/cashier/createDynamicCode'> = async (input, ctx) => {
  const cashierId = memberIdOf(ctx);
  if (input.amount > LARGEST_CODE_AMOUNT) throw new DomainError(LEDGER_CODES.amountInvalid, 200, 'amount');
  return ctx.db.transaction(async (tx) => {
    const merchant = await merchantOf(ctx, tx);
    const store = await ownedStore(tx, merchant, input.storeId);
    requireOpen(store, merchant);
    const { rows } = await tx.query<{ at: Date }>('SELECT now() + make_interval(secs => $1) AS at', [ctx.config.merchant.dynamicCodeSeconds]);
    const expiresAt = new Date(rows[0]!.at);
    const [serial] = await insertCodes(tx, 'dynamic', 1, { storeId: store.id, createdBy: cashierId, amount: BigInt(input.amount), expiresAt });
    const payload = encodeCollectionCode({
      kind: 'dynamic', serial: serial!, mcc: store.merchant.mcc, amountCents: input.amount, merchantName: store.merchant.name,
      city: store.merchant.city ?? 'Luanda', storeLabel: store.name, terminalLabel: `M${cashierId}`, reference: serial!,
    });
    return { serial: serial!, payload, amount: input.amount, expiresAt: expiresAt.toISOString() };
  });
};

/** Whether a dynamic code of one of the caller's stores was paid: the cashier's screen asks until paid or expired. */
const queryDynamicCode: Handler<'merchant/cashier/queryDynamicCode'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const { rows } = await ctx.db.query<{ store_id: string; expired: boolean; paid_payment_id: string | null }>(
    "SELECT store_id::text, expires_at <= now() AS expired, paid_payment_id::text FROM collection_codes WHERE serial = $1 AND kind = 'dynamic'",
    [input.serial],
  );
  const code = rows[0];
  if (!code) throw new DomainError(MERCHANT_CODES.notYours);
  await ownedStore(ctx.db, merchant, code.store_id);
  if (code.paid_payment_id) return { state: 'paid' as const, payment: await merchantPaymentView(ctx.db, code.paid_payment_id) };
  return { state: code.expired ? ('expired' as const) : ('waiting' as const), payment: null };
};

/**
 * Charges a member's payment code: a money call, idempotent on the cashier's requestNo. The code's
 * row is locked first (two cashiers charging one code at once: the second finds it used, MCH10008),
 * then the charge is recorded and the code spent. Within the member's password-free limit it pays
 * at once through `merchant_pay` (a refusal there, such as FND10001, undoes the charge and leaves the
 * code usable); above it, or with password-free payments off, it waits for the member's pay password
 * (`awaitingConfirmation`, CHARGE_CONFIRM_SECONDS, then pay/paymentCode/confirm).
 */
const chargePaymentCode: Handler<typeof CHARGE> = async (input, ctx) => {
  const cashierId = memberIdOf(ctx);
  return idempotentMoneyCall(ctx, cashierId, CHARGE, input, async (tx) => {
    const merchant = await merchantOf(ctx, tx);
    const store = await ownedStore(tx, merchant, input.storeId);
    requireOpen(store, merchant);
    const code = await lockUsablePaymentCode(tx, input.code);
    if (code.memberId === merchant.member_id) throw new DomainError(MERCHANT_CODES.payingOwnStore);
    const passwordFree = await passwordFreeOf(tx, code.memberId, ctx.config.merchant.passwordFreeCap);
    const { rows } = await tx.query<ChargeRow>(
      `INSERT INTO payment_code_charges (token_hash, member_id, store_id, cashier_id, cashier_request_no, amount, state, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'awaitingConfirmation', now() + make_interval(secs => $7))
       RETURNING id::text, state, amount::text, payment_id::text, refusal_code, store_id::text`,
      [code.tokenHash, code.memberId, store.id, cashierId, ctx.requestNo, input.amount, CHARGE_CONFIRM_SECONDS],
    );
    let charge = rows[0]!;
    await tx.query("UPDATE payment_codes SET state = 'used' WHERE token_hash = $1", [code.tokenHash]);
    if (BigInt(input.amount) <= passwordFree.effectiveLimit) {
      const paid = await merchantPay(tx, {
        payer: code.memberId, merchant: merchant.id, store: store.id, serial: null, binding: null, method: 'paymentCode',
        cashier: cashierId, amount: BigInt(input.amount), requestNo: `charge:${charge.id}`,
      });
      charge = (await tx.query<ChargeRow>(
        `UPDATE payment_code_charges SET state = 'paid', payment_id = $2 WHERE id = $1
         RETURNING id::text, state, amount::text, payment_id::text, refusal_code, store_id::text`,
        [charge.id, paid.paymentId],
      )).rows[0]!;
    }
    return chargeView(tx, charge);
  });
};

/** A charge of one of the caller's stores, as it stands: the cashier's screen asks until it is paid, refused or expired. */
const queryCharge: Handler<'merchant/cashier/queryCharge'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const find = () => ctx.db.query<ChargeRow>(
    'SELECT id::text, state, amount::text, payment_id::text, refusal_code, store_id::text FROM payment_code_charges WHERE id = $1',
    [input.chargeId],
  );
  const found = (await find()).rows[0];
  if (!found) throw new DomainError(MERCHANT_CODES.notYours);
  await ownedStore(ctx.db, merchant, found.store_id);
  await expireOverdueCharge(ctx.db, found.id);
  return chargeView(ctx.db, (await find()).rows[0]!);
};

export const cashierHandlers = {
  'merchant/cashier/createDynamicCode': createDynamicCode,
  'merchant/cashier/queryDynamicCode': queryDynamicCode,
  [CHARGE]: chargePaymentCode,
  'merchant/cashier/queryCharge': queryCharge,
} satisfies FlowHandlers<'cashier'>;
