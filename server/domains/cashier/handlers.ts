import { LEDGER_CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { encodeCollectionCode } from '../../../services/emvco.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { payCharge, quoteCharge } from '../../merchantPayment/index.ts';
import { insertCodes } from '../../entities/collectionCodes.ts';
import { actingAt, type StoreActor, type StoreRow } from '../../entities/stores.ts';
import { merchantOf, type MerchantRow } from '../../entities/merchants.ts';
import { staffOf } from '../../entities/staff.ts';
import { memberIdOf, passwordFreeOf } from '../../entities/members.ts';
import { CHARGE_CONFIRM_SECONDS, expireOverdueCharge, lockUsablePaymentCode } from '../../merchantPayment/paymentCodes.ts';
import { WrongOfflineCode, countWrongGuess, lockOfflineCode } from '../../merchantPayment/offlineCodes.ts';
import { parseOfflineCode } from '../../../services/offlinePaymentCode.ts';
import { chargeView, merchantPaymentView, type ChargeRow } from './payments.ts';

/**
 * The till: a dynamic code for an amount, and charging a member's payment code. The merchant's
 * owner at any store of its merchant and sub-merchants, and a clerk at their one store (actingAt,
 * the one place that decides; spec §6): the payment's cashier is whoever is at the till. A clerk
 * reads back only what they made (their codes and charges) unless they may view all the store's
 * records. MCH10004 for another merchant's store, code or charge; STF10009 for a removed clerk.
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
    const { store, merchant } = await actingAt(ctx, input.storeId, tx);
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
  const { rows } = await ctx.db.query<{ store_id: string; created_by: string | null; expired: boolean; paid_payment_id: string | null }>(
    "SELECT store_id::text, created_by::text, expires_at <= now() AS expired, paid_payment_id::text FROM collection_codes WHERE serial = $1 AND kind = 'dynamic'",
    [input.serial],
  );
  const code = rows[0];
  if (!code) throw new DomainError(MERCHANT_CODES.notYours);
  onlyOwnUnlessAll(await actingAt(ctx, code.store_id), code.created_by);
  if (code.paid_payment_id) return { state: 'paid' as const, payment: await merchantPaymentView(ctx.db, code.paid_payment_id) };
  return { state: code.expired ? ('expired' as const) : ('waiting' as const), payment: null };
};

/**
 * Charges a member's payment code: a money call, idempotent on the cashier's requestNo. The code's
 * row is locked first (two cashiers charging one code at once: the second finds it used, MCH10008),
 * then the charge is recorded and the code spent. Within the member's password-free limit it pays
 * at once through the payment module (its quote, then `payCharge`: a refusal there, such as
 * FND10001, undoes the charge and leaves the code usable); above it, or with password-free payments
 * off, it waits for the member's pay password (`awaitingConfirmation`, CHARGE_CONFIRM_SECONDS, then
 * pay/paymentCode/confirm, which pays it through the same module).
 */
const chargePaymentCode: Handler<typeof CHARGE> = async (input, ctx) => {
  const cashierId = memberIdOf(ctx);
  try {
    return await idempotentMoneyCall(ctx, cashierId, CHARGE, input, async (tx) => {
      const { store, merchant } = await actingAt(ctx, input.storeId, tx);
      requireOpen(store, merchant);
      // an offline code (README "Payment code without signal") is verified against its device's secret; a server-issued one is looked up
      const code = parseOfflineCode(input.code) ? await lockOfflineCode(tx, ctx.config.merchant.offlineCodeKey, input.code) : await lockUsablePaymentCode(tx, input.code);
      // the owner's or the clerk's own code: money going round in circles through the till
      if (code.memberId === merchant.member_id || code.memberId === cashierId) throw new DomainError(MERCHANT_CODES.payingOwnStore);
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
        const paid = await payCharge(tx, await quoteCharge(tx, code.memberId, charge.id));
        charge = { ...charge, state: 'paid', payment_id: paid.paymentId };
      }
      return chargeView(tx, charge);
    });
  } catch (error) {
    // a wrong offline code is a guess at someone's device: counted once the refused charge has rolled back
    if (error instanceof WrongOfflineCode) await countWrongGuess(ctx.db, error.deviceNo);
    throw error;
  }
};

/** A charge of one of the caller's stores, as it stands: the cashier's screen asks until it is paid, refused or expired. */
const queryCharge: Handler<'merchant/cashier/queryCharge'> = async (input, ctx) => {
  const find = () => ctx.db.query<ChargeRow & { cashier_id: string }>(
    'SELECT id::text, state, amount::text, payment_id::text, refusal_code, store_id::text, cashier_id::text FROM payment_code_charges WHERE id = $1',
    [input.chargeId],
  );
  const found = (await find()).rows[0];
  if (!found) throw new DomainError(MERCHANT_CODES.notYours);
  onlyOwnUnlessAll(await actingAt(ctx, found.store_id), found.cashier_id);
  await expireOverdueCharge(ctx.db, found.id);
  return chargeView(ctx.db, (await find()).rows[0]!);
};

/** The stores the caller collects at: the owner's open ones, or a clerk's one store (if open). */
const cashierStores: Handler<'merchant/cashier/stores'> = async (_input, ctx) => {
  const owned = await ctx.db.query('SELECT 1 FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL', [memberIdOf(ctx)]);
  const clerk = owned.rows[0] ? null : await staffOf(ctx, ctx.db, { refuseRemoved: true });
  if (!clerk) {
    const merchant = await merchantOf(ctx);
    const { rows } = await ctx.db.query<{ id: string; name: string; merchant_name: string }>(
      `SELECT s.id::text, s.name, m.name AS merchant_name FROM stores s JOIN merchants m ON m.id = s.merchant_id
        WHERE (m.id = $1 OR m.parent_id = $1) AND m.status = 'active' AND s.status = 'open' ORDER BY (m.id = $1) DESC, m.id, s.id`,
      [merchant.id],
    );
    return { role: 'owner' as const, stores: merchant.status === 'active' ? rows.map((r) => ({ storeId: r.id, name: r.name, merchantName: r.merchant_name })) : [] };
  }
  const { store } = await actingAt(ctx, clerk.store_id);
  const open = store.status === 'open' && store.merchant.status === 'active';
  return { role: 'clerk' as const, stores: open ? [{ storeId: store.id, name: store.name, merchantName: store.merchant.name }] : [] };
};

/** A clerk without the all-records permission reads back only what they made themselves. */
function onlyOwnUnlessAll(actor: StoreActor, madeBy: string | null): void {
  if (actor.role === 'clerk' && !actor.staff.all_records && madeBy !== actor.memberId) throw new DomainError(MERCHANT_CODES.notYours);
}

export const cashierHandlers = {
  'merchant/cashier/stores': cashierStores,
  'merchant/cashier/createDynamicCode': createDynamicCode,
  'merchant/cashier/queryDynamicCode': queryDynamicCode,
  [CHARGE]: chargePaymentCode,
  'merchant/cashier/queryCharge': queryCharge,
} satisfies FlowHandlers<'cashier'>;
