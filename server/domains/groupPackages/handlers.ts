import type { FlowHandlers, Handler } from '../../handler.ts';
import { merchantOf } from '../../entities/merchants.ts';
import { memberIdOf } from '../../entities/members.ts';
import { actingAt } from '../../entities/stores.ts';
import { createGroupPackage, lookUpVoucher, merchantPackages, readVouchers, redeemVoucher, setGroupPackageStatus } from '../../entities/groupPackages.ts';
import { idempotentMoneyCall } from '../../ledger/idempotent.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { payGroupPackage, quoteGroupPackage, requireQuoted } from '../../merchantPayment/index.ts';
import { receiptOf } from '../../merchantPayment/paymentCodes.ts';

/**
 * Group purchases (README "Group purchases"): the owner makes, lists, pauses and ends its packages
 * (a clerk STF10010, by ROLE_RULES.ownerOnly); a member buys one — a merchant payment through the
 * payment module (its quote is `pay/merchant/quote` with `{packageId}`), the stock taken and the
 * voucher written in the payment's transaction — and lists their vouchers; a clerk or the owner
 * redeems a voucher at the till (ROLE_RULES.cashier). The rules are the entity's
 * (server/entities/groupPackages.ts) and the payment module's (migration 029).
 */

const BUY = 'pay/groupPackage/buy';

const save: Handler<'merchant/groupPackage/save'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const packageId = await ctx.db.transaction((tx) => createGroupPackage(tx, merchant, merchant.member_id, {
    ...input,
    startsAt: input.startsAt === undefined ? undefined : new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
  }));
  return { packageId };
};

const list: Handler<'merchant/groupPackage/list'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  return { packages: await merchantPackages(ctx.db, merchant, input.storeId) };
};

const setStatus: Handler<'merchant/groupPackage/setStatus'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  await ctx.db.transaction((tx) => setGroupPackageStatus(tx, merchant.id, input.packageId, input.status));
  return input;
};

/**
 * Buys a package, a money call idempotent on the member's requestNo (server/ledger/README.md): the
 * package quoted in the payment's transaction (quoteGroupPackage: GRP10006, GRP10007, GRP10008,
 * MCH10005, MCH10014), the pay confirmation for {service, the group price, the package} spent
 * (FND10008), the quote the member was shown still holding (PRM10001), then payGroupPackage: one
 * unit of stock from the slices (GRP10008 when sold out meanwhile), merchant_pay (the posting, the
 * record, the promotions' apply) and the voucher. A refusal is stored as the answer; nothing moved.
 */
const buy: Handler<typeof BUY> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const bought = await idempotentMoneyCall(ctx, memberId, BUY, input, async (tx) => {
    const quoted = await quoteGroupPackage(tx, memberId, input.packageId);
    await consumePayAuthorization(tx, memberId, input.payToken, { service: BUY, amount: Number(quoted.figures.amount), counterparty: quoted.packageId });
    requireQuoted(quoted.figures, input);
    const paid = await payGroupPackage(tx, quoted, ctx.requestNo);
    const [voucher] = await readVouchers(tx, { voucherId: paid.voucher.voucherId });
    // the stored answer never holds the code: a replay must not show it once the voucher is used, refunded or past its end
    return { receipt: await receiptOf(tx, paid.paymentId), voucher: { ...voucher!, code: null } };
  });
  // the voucher as it is now, first answer or replay: its code only while it can be used
  const [voucher] = await readVouchers(ctx.db, { voucherId: bought.voucher.voucherId });
  return { receipt: bought.receipt, voucher: voucher! };
};

const mine: Handler<'wallet/groupPackage/list'> = async (input, ctx) => ({ vouchers: await readVouchers(ctx.db, { memberId: memberIdOf(ctx), state: input.state }) });

/** At the till, before redeeming: the caller at the store named (a clerk of it, or the owner), then what the voucher is (the entity's lookUpVoucher). */
const lookUp: Handler<'merchant/groupPackage/voucher'> = async (input, ctx) => {
  const actor = await actingAt(ctx, input.storeId);
  return lookUpVoucher(ctx.db, { storeId: actor.store.id }, input.code);
};

/** At the till: the caller at the store named (a clerk of it, or the owner), then the voucher redeemed once (the entity's redeemVoucher). */
const redeem: Handler<'merchant/groupPackage/redeem'> = async (input, ctx) => {
  const actor = await actingAt(ctx, input.storeId);
  return ctx.db.transaction((tx) => redeemVoucher(tx, { memberId: actor.memberId, storeId: actor.store.id }, input.code));
};

export const groupPackagesHandlers = {
  'merchant/groupPackage/save': save,
  'merchant/groupPackage/list': list,
  'merchant/groupPackage/setStatus': setStatus,
  [BUY]: buy,
  'wallet/groupPackage/list': mine,
  'merchant/groupPackage/voucher': lookUp,
  'merchant/groupPackage/redeem': redeem,
} satisfies FlowHandlers<'groupPackages'>;
