import type { Queryable } from '../db/index.ts';
import { FEE_INCOME_SHARDS } from './settlement.ts';

export interface InvariantReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Sum of every balance: zero, or money was created or lost. */
  totalBalance: string;
  /** Accounts whose balance is not the sum of their entries, or whose last entry disagrees. */
  driftedAccounts: string[];
  /** Transfers without exactly two entries that cancel out. */
  unbalancedTransfers: string[];
  /** Accounts below zero that may not be. */
  negativeAccounts: string[];
  /** Merchants (their own, not sub-merchants) without exactly their `settlement_shards` settlement accounts, shards 0 … n − 1. */
  merchantsWithWrongShards: string[];
  /** Merchants whose settlement (sum of the shards) is not their payments' net (amount − charge − refunded) less what they withdrew. */
  settlementMismatches: string[];
  /** Fee income shards missing from 0 … FEE_INCOME_SHARDS − 1, or extra ones. */
  feeIncomeShardsWrong: number[];
  /**
   * Merchant payments that are not what they say (the table keeps no foreign keys to the rows every
   * payment shares, migration 021): no ledger transfer of their amount from the payer's available
   * account to a settlement shard of the merchant's owner, or a store that is not the merchant's.
   */
  paymentsUnmatched: string[];
  /**
   * Refunds that are not what they say: no payment of the same merchant, a ledger transfer that is
   * not the refund's amount from the owner's settlement shard 0 to the payer's available account,
   * a payment whose `refunded` is not the sum of its refunds, or whose returned charge is above its
   * charge (or, refunded whole, not all of it).
   */
  refundsUnmatched: string[];
  /**
   * Promotions that are not what the ledger says (README "Promotions"): a cashback policy whose
   * records' sum and count are not its payments' (payment_promotions), its budget less what its
   * slices hold, nor the ledger's movements out of its funding account (its records' transfers: the
   * cashback from that account to the payer's cashback account); a member's usage row that is not
   * their records' (or over its limits); a coupon whose stock less its slices is not its uses; a
   * discount policy whose activity limit less its slices is not its uses; a payment whose discount
   * is not its discount and coupon; a cashback record whose clawback is not its refunds' and their
   * postings'; the marketing funding shards' balance not the platform's cashback less clawbacks; a
   * payment's part paid with cashback (migration 030) that is not its `cashbackDeduction` promotion
   * row and its `cashback_deduction` posting from the payer's cashback account to the payment's
   * settlement shard, or such a posting without its payment; a member's cashback account that is not
   * their cashback less clawbacks (but the part a refund's payment to available covered, migration
   * 031), less what they paid with it, plus what refunds gave back to it.
   */
  promotionsUnmatched: string[];
  /**
   * Group purchases that are not what they say (README "Group purchases"): a package whose stock is
   * not what its slices hold plus its vouchers (one per purchase), or without its slices; a voucher
   * whose payment is not a `groupPackage` payment of its package's group price by its member into
   * its package's store and merchant, whose end is not its package's, refunded without its payment
   * refunded whole by the refund it names, still usable with its payment refunded whole, or redeemed
   * at a store of another merchant; a `groupPackage` payment without its voucher.
   */
  groupPackagesUnmatched: string[];
  /**
   * The lottery that is not what it says (README "Lottery"): a prize line whose stock is not its
   * quantity less its winning records; an activity whose prizes won come to more than its budget, or
   * whose `draws_made` is not its number of draws (seq 1 … n); a member who used more draws than
   * earned, whose earned draws are not their earnings' (less what refunds took back), whose draws
   * are not numbered 1 … used or carry another participant number; an earning that is not a credited
   * top-up or a payment of that member reaching the activity's threshold; a draw outside its
   * activity's time, or whose prize is not the line its ticket lands on (none: no line, or the line
   * won out by earlier draws); a winning record that is not its draw's member, prize and activity, or
   * not its prize's amount; a winning record `sent` without its one `lottery_prize` posting of its
   * amount from marketing funding to its member's cashback account (key `lottery:prize:<id>`), or such
   * a posting without its sent record. (That each ticket is the seed's is checked by replaying the
   * revealed seed: `services/lotteryDraw.ts`.)
   */
  lotteryUnmatched: string[];
}

/** The ledger's invariants, checked in one snapshot (run inside a REPEATABLE READ transaction for a consistent view). */
export async function checkInvariants(db: Queryable): Promise<InvariantReport> {
  const total = await db.query<{ total: string; accounts: string }>('SELECT coalesce(sum(balance), 0)::text AS total, count(*)::text AS accounts FROM ledger_accounts');
  const transfers = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_transfers');
  const drifted = await db.query<{ code: string }>(
    `SELECT a.code FROM ledger_accounts a
       LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS total, count(*) AS n, max(account_version) AS last_version FROM ledger_entries WHERE account_id = a.id) e ON true
       LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries WHERE account_id = a.id ORDER BY account_version DESC LIMIT 1) last ON true
      WHERE e.total <> a.balance OR coalesce(e.last_version, 0) <> a.version OR e.n <> a.version
         OR (last.balance_after IS NOT NULL AND last.balance_after <> a.balance)`,
  );
  const unbalanced = await db.query<{ id: string }>(
    `SELECT t.id::text FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
      GROUP BY t.id, t.amount, t.debit_account_id, t.credit_account_id
     HAVING count(e.id) <> 2 OR coalesce(sum(e.amount), 0) <> 0
         OR count(*) FILTER (WHERE e.account_id = t.debit_account_id AND e.amount = -t.amount) <> 1
         OR count(*) FILTER (WHERE e.account_id = t.credit_account_id AND e.amount = t.amount) <> 1`,
  );
  const negative = await db.query<{ code: string }>('SELECT code FROM ledger_accounts WHERE NOT allow_negative AND balance < 0');
  const wrongShards = await db.query<{ id: string }>(
    `SELECT m.id::text FROM merchants m
       LEFT JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE shard < m.settlement_shards) AS within, count(DISTINCT shard) AS distinct_shards
                            FROM ledger_accounts WHERE member_id = m.member_id AND kind = 'settlement') a ON true
      WHERE m.parent_id IS NULL AND (a.n <> m.settlement_shards OR a.within <> m.settlement_shards OR a.distinct_shards <> m.settlement_shards)
      ORDER BY m.id`,
  );
  // what a merchant withdrew: its settlement withdrawals held or paid out (a failed one gave the money back);
  // a refund took its amount less the charge fee income returned (server/ledger/README.md, "Refunds")
  const mismatched = await db.query<{ id: string }>(
    `SELECT m.id::text FROM merchants m
       LEFT JOIN LATERAL (SELECT coalesce(sum(balance), 0) AS total FROM ledger_accounts WHERE member_id = m.member_id AND kind = 'settlement') s ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(amount - discount - charge - refunded), 0) AS net FROM merchant_payments WHERE merchant_id = m.id) p ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(r.cashback_amount - r.clawed_back), 0) AS cashback FROM cashback_records r JOIN cashback_policies c ON c.id = r.policy_id
                           WHERE c.funding = 'settlement' AND c.merchant_id = m.id) cb ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(amount + charge), 0) AS out FROM withdrawals WHERE member_id = m.member_id AND source = 'settlement' AND state <> 'FAILED') w ON true
       LEFT JOIN LATERAL (SELECT coalesce(sum(charge_returned), 0) AS back FROM merchant_refunds WHERE merchant_id = m.id) r ON true
      WHERE m.parent_id IS NULL AND s.total <> p.net + r.back - w.out - cb.cashback
      ORDER BY m.id`,
  );
  const unmatched = await db.query<{ id: string }>(
    `SELECT p.id::text FROM merchant_payments p
       LEFT JOIN merchants m ON m.id = p.merchant_id AND m.parent_id IS NULL
       LEFT JOIN ledger_transfers t ON t.id = p.transfer_id
       LEFT JOIN ledger_accounts debit ON debit.id = t.debit_account_id
       LEFT JOIN ledger_accounts credit ON credit.id = t.credit_account_id
       LEFT JOIN stores st ON st.id = p.store_id
       LEFT JOIN merchants sm ON sm.id = st.merchant_id
      WHERE m.id IS NULL OR t.id IS NULL OR t.amount <> p.amount - p.discount - p.cashback_paid
         OR debit.member_id IS DISTINCT FROM p.payer_id OR debit.kind <> 'available'
         OR credit.member_id IS DISTINCT FROM m.member_id OR credit.kind <> 'settlement' OR credit.shard <> p.settlement_shard
         OR sm.id IS NULL OR coalesce(sm.parent_id, sm.id) <> p.merchant_id
      ORDER BY p.id`,
  );
  const refundsUnmatched = await db.query<{ id: string }>(
    `SELECT 'refund:' || r.id AS id FROM merchant_refunds r
       LEFT JOIN merchant_payments p ON p.id = r.payment_id AND p.merchant_id = r.merchant_id AND p.store_id = r.store_id
       LEFT JOIN merchants m ON m.id = r.merchant_id
       LEFT JOIN ledger_transfers t ON t.id = r.transfer_id
       LEFT JOIN ledger_accounts debit ON debit.id = t.debit_account_id
       LEFT JOIN ledger_accounts credit ON credit.id = t.credit_account_id
      LEFT JOIN ledger_transfers ct ON ct.id = r.cashback_transfer_id
      LEFT JOIN ledger_accounts cdebit ON cdebit.id = ct.debit_account_id
      LEFT JOIN ledger_accounts ccredit ON ccredit.id = ct.credit_account_id
      -- the part of the clawback the payer's cashback account could not give, taken off what the refund pays to available (migration 031)
      LEFT JOIN LATERAL (SELECT coalesce(sum(cr.from_refund), 0) AS covered FROM cashback_refunds cr WHERE cr.refund_id = r.id) fr ON true
      WHERE p.id IS NULL
         -- the part to available (absent when the whole refund went back to cashback or to the clawback)
         OR CASE WHEN r.amount - r.cashback_returned - fr.covered = 0 THEN r.transfer_id IS NOT NULL
                 ELSE t.id IS NULL OR t.amount <> r.amount - r.cashback_returned - fr.covered
                      OR debit.member_id IS DISTINCT FROM m.member_id OR debit.kind <> 'settlement' OR debit.shard <> 0
                      OR credit.member_id IS DISTINCT FROM p.payer_id OR credit.kind <> 'available' END
         -- the part paid with cashback, back to the payer's cashback account (migration 030)
         OR CASE WHEN r.cashback_returned = 0 THEN r.cashback_transfer_id IS NOT NULL
                 ELSE ct.id IS NULL OR ct.amount <> r.cashback_returned OR ct.kind <> 'cashback_deduction_refund'
                      OR cdebit.member_id IS DISTINCT FROM m.member_id OR cdebit.kind <> 'settlement' OR cdebit.shard <> 0
                      OR ccredit.member_id IS DISTINCT FROM p.payer_id OR ccredit.kind <> 'cashback' END
     UNION ALL
     SELECT 'payment:' || p.id AS id FROM merchant_payments p
       LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount, coalesce(sum(charge_returned), 0) AS charge, coalesce(sum(cashback_returned), 0) AS cashback
                            FROM merchant_refunds WHERE payment_id = p.id) r ON true
      WHERE p.refunded > 0 AND (p.refunded <> r.amount OR r.charge > p.charge OR (p.refunded = p.amount - p.discount AND r.charge <> p.charge)
                                OR r.cashback <> p.cashback_paid * p.refunded / (p.amount - p.discount))
     ORDER BY 1`,
  );
  const promotions = await db.query<{ id: string }>(PROMOTIONS_UNMATCHED);
  const groupPackages = await db.query<{ id: string }>(GROUP_PACKAGES_UNMATCHED);
  const lottery = await db.query<{ id: string }>(LOTTERY_UNMATCHED);
  const feeShards = await db.query<{ shard: number }>("SELECT shard FROM ledger_accounts WHERE kind = 'fee_income' AND member_id IS NULL ORDER BY shard");
  const haveFeeShards = new Set(feeShards.rows.map((r) => r.shard));
  const feeIncomeShardsWrong = [
    ...Array.from({ length: FEE_INCOME_SHARDS }, (_, shard) => shard).filter((shard) => !haveFeeShards.has(shard)),
    ...feeShards.rows.map((r) => r.shard).filter((shard) => shard >= FEE_INCOME_SHARDS),
  ];
  const report = {
    accounts: Number(total.rows[0]!.accounts),
    transfers: Number(transfers.rows[0]!.n),
    totalBalance: total.rows[0]!.total,
    driftedAccounts: drifted.rows.map((r) => r.code),
    unbalancedTransfers: unbalanced.rows.map((r) => r.id),
    negativeAccounts: negative.rows.map((r) => r.code),
    merchantsWithWrongShards: wrongShards.rows.map((r) => r.id),
    settlementMismatches: mismatched.rows.map((r) => r.id),
    feeIncomeShardsWrong,
    paymentsUnmatched: unmatched.rows.map((r) => r.id),
    refundsUnmatched: refundsUnmatched.rows.map((r) => r.id),
    promotionsUnmatched: promotions.rows.map((r) => r.id),
    groupPackagesUnmatched: groupPackages.rows.map((r) => r.id),
    lotteryUnmatched: lottery.rows.map((r) => r.id),
  };
  const broken = [report.driftedAccounts, report.unbalancedTransfers, report.negativeAccounts, report.merchantsWithWrongShards, report.settlementMismatches, report.feeIncomeShardsWrong, report.paymentsUnmatched, report.refundsUnmatched, report.promotionsUnmatched, report.groupPackagesUnmatched, report.lotteryUnmatched];
  return { ok: report.totalBalance === '0' && broken.every((list) => list.length === 0), ...report };
}

/** The promotions' checks (see `promotionsUnmatched`), each row naming what does not match. */
const PROMOTIONS_UNMATCHED = `
  SELECT 'cashback:' || c.id AS id FROM cashback_policies c
    LEFT JOIN LATERAL (SELECT coalesce(sum(r.cashback_amount), 0) AS amount, count(*) AS n,
                              count(*) FILTER (WHERE t.id IS NULL OR t.amount <> r.cashback_amount OR t.kind <> 'cashback'
                                                  OR t.debit_account_id <> r.contributing_account_id OR t.credit_account_id <> r.beneficiary_account_id
                                                  OR debit.kind <> CASE c.funding WHEN 'platform' THEN 'marketing_funding' ELSE 'settlement' END
                                                  OR (c.funding = 'settlement' AND debit.member_id IS DISTINCT FROM o.member_id)
                                                  OR credit.kind <> 'cashback' OR credit.member_id IS DISTINCT FROM r.beneficiary_member_id) AS wrong
                         FROM cashback_records r
                         LEFT JOIN ledger_transfers t ON t.id = r.transfer_id
                         LEFT JOIN ledger_accounts debit ON debit.id = t.debit_account_id
                         LEFT JOIN ledger_accounts credit ON credit.id = t.credit_account_id
                         LEFT JOIN merchants o ON o.id = c.merchant_id
                        WHERE r.policy_id = c.id) rec ON true
    LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount, count(*) AS n FROM payment_promotions WHERE extension = 'cashback' AND policy_id = c.id) pp ON true
    LEFT JOIN LATERAL (SELECT sum(amount_left) AS amount_left, sum(count_left) AS count_left, count(*) AS slices FROM promotion_slices WHERE kind = 'cashback' AND policy_id = c.id) sl ON true
   WHERE rec.wrong > 0 OR rec.amount <> pp.amount OR rec.n <> pp.n
      OR (c.budget_amount IS NOT NULL AND c.budget_amount - coalesce(sl.amount_left, 0) <> rec.amount)
      OR (c.budget_count IS NOT NULL AND c.budget_count - coalesce(sl.count_left, 0) <> rec.n)
      OR ((c.budget_amount IS NOT NULL OR c.budget_count IS NOT NULL) AND sl.slices <> promotion_slice_count())
  UNION ALL
  SELECT 'usage:' || u.kind || ':' || u.policy_id || ':' || u.member_id FROM promotion_usage u
    LEFT JOIN LATERAL (SELECT coalesce(sum(pp.amount), 0) AS amount, count(*) AS n FROM payment_promotions pp JOIN merchant_payments p ON p.id = pp.payment_id
                        WHERE pp.extension = u.kind AND pp.policy_id = u.policy_id AND p.payer_id = u.member_id) x ON true
    LEFT JOIN cashback_policies c ON u.kind = 'cashback' AND c.id = u.policy_id
    LEFT JOIN discount_policies d ON u.kind IN ('discount', 'cashbackDeduction') AND d.id = u.policy_id
   WHERE u.amount <> x.amount OR u.count <> x.n
      OR u.amount > coalesce(c.member_amount_limit, u.amount) OR u.count > coalesce(c.member_count_limit, u.count)
      OR (d.statistics IN ('personalAmount', 'personalBusinessAmount') AND u.amount > d.accumulation_limit)
      OR (d.statistics IN ('personalCount', 'personalBusinessCount') AND u.count > d.accumulation_limit)
  UNION ALL
  -- a member who had a promotion that keeps usage rows (a limit, statistics, a drawn figure) has its row: a deleted one would reset their limit
  SELECT 'usage:' || pp.extension || ':' || pp.policy_id || ':' || p.payer_id FROM payment_promotions pp
    JOIN merchant_payments p ON p.id = pp.payment_id
    LEFT JOIN cashback_policies c ON pp.extension = 'cashback' AND c.id = pp.policy_id
    LEFT JOIN discount_policies d ON pp.extension IN ('discount', 'cashbackDeduction') AND d.id = pp.policy_id
   WHERE ((pp.extension = 'cashback' AND (c.type = 'random' OR c.member_amount_limit IS NOT NULL OR c.member_count_limit IS NOT NULL))
          OR (pp.extension = 'discount' AND (d.statistics <> 'none' OR d.ratio_bp IS NULL))
          OR (pp.extension = 'cashbackDeduction' AND d.statistics <> 'none'))
     AND NOT EXISTS (SELECT 1 FROM promotion_usage u WHERE u.kind = pp.extension AND u.policy_id = pp.policy_id AND u.member_id = p.payer_id)
   GROUP BY pp.extension, pp.policy_id, p.payer_id
  UNION ALL
  SELECT 'coupon:' || k.id FROM coupons k
    LEFT JOIN LATERAL (SELECT sum(count_left) AS left_ FROM promotion_slices WHERE kind = 'coupon' AND policy_id = k.id) sl ON true
    LEFT JOIN LATERAL (SELECT count(*) AS n FROM payment_promotions WHERE extension = 'coupon' AND policy_id = k.id) pp ON true
    LEFT JOIN LATERAL (SELECT count(*) AS n FROM member_coupons WHERE coupon_id = k.id AND used_payment_id IS NOT NULL) used ON true
   WHERE k.stock - coalesce(sl.left_, 0) <> pp.n OR pp.n <> used.n
  UNION ALL
  SELECT 'discount:' || d.id FROM discount_policies d
    CROSS JOIN LATERAL (SELECT CASE d.type WHEN 'cashbackDeduction' THEN 'cashbackDeduction' ELSE 'discount' END AS kind) k
    LEFT JOIN LATERAL (SELECT sum(amount_left) AS amount_left, sum(count_left) AS count_left FROM promotion_slices WHERE kind = k.kind AND policy_id = d.id) sl ON true
    LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount, count(*) AS n FROM payment_promotions WHERE extension = k.kind AND policy_id = d.id) pp ON true
   WHERE (d.statistics = 'personalBusinessAmount' AND d.activity_limit - coalesce(sl.amount_left, 0) <> pp.amount)
      OR (d.statistics = 'personalBusinessCount' AND d.activity_limit - coalesce(sl.count_left, 0) <> pp.n)
  UNION ALL
  SELECT 'payment:' || p.id FROM merchant_payments p
   WHERE (p.discount > 0 OR p.id IN (SELECT payment_id FROM payment_promotions))
     AND p.discount <> (SELECT coalesce(sum(amount), 0) FROM payment_promotions WHERE payment_id = p.id AND extension IN ('discount', 'coupon'))
  UNION ALL
  -- a discount's or a deduction's uses under the other's kind
  SELECT 'discountKind:' || pp.payment_id FROM payment_promotions pp LEFT JOIN discount_policies d ON d.id = pp.policy_id
   WHERE pp.extension IN ('discount', 'cashbackDeduction') AND (d.id IS NULL OR (pp.extension = 'cashbackDeduction') <> (d.type = 'cashbackDeduction'))
  UNION ALL
  -- the part paid with cashback (migration 030): each payment's cashback_paid is its deduction's payment_promotions row and its
  -- posting (key merchant_pay:<payer>:<requestNo>:cashbackDeduction, kind cashback_deduction) from the payer's cashback account
  -- to the settlement shard the payment credited; and every cashback_deduction posting is a payment's
  SELECT 'cashbackDeduction:' || p.id FROM merchant_payments p
    LEFT JOIN merchants m ON m.id = p.merchant_id
    LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS amount, count(*) AS n FROM payment_promotions WHERE payment_id = p.id AND extension = 'cashbackDeduction') pp ON true
    LEFT JOIN ledger_transfers t ON t.idempotency_key = 'merchant_pay:' || p.payer_id || ':' || p.request_no || ':cashbackDeduction'
    LEFT JOIN ledger_accounts debit ON debit.id = t.debit_account_id
    LEFT JOIN ledger_accounts credit ON credit.id = t.credit_account_id
   WHERE (p.cashback_paid > 0 OR pp.n > 0 OR t.id IS NOT NULL)
     AND (p.cashback_paid <> pp.amount OR pp.n <> 1 OR t.id IS NULL OR t.amount <> p.cashback_paid OR t.kind <> 'cashback_deduction'
          OR debit.kind <> 'cashback' OR debit.member_id IS DISTINCT FROM p.payer_id
          OR credit.kind <> 'settlement' OR credit.member_id IS DISTINCT FROM m.member_id OR credit.shard <> p.settlement_shard)
  UNION ALL
  SELECT 'cashbackDeductionTransfer:' || t.id FROM ledger_transfers t
   WHERE t.kind = 'cashback_deduction'
     AND NOT EXISTS (SELECT 1 FROM merchant_payments p WHERE p.voucher_no = t.reference AND p.cashback_paid = t.amount
                                                         AND t.idempotency_key = 'merchant_pay:' || p.payer_id || ':' || p.request_no || ':cashbackDeduction')
  UNION ALL
  -- the payer's side: each member's cashback account holds the cashback they got, less what refunds clawed back and what they paid with
  -- it, plus what refunds gave back to it (the only movements of a cashback account)
  SELECT 'cashbackAccount:' || a.member_id FROM ledger_accounts a
    LEFT JOIN LATERAL (SELECT coalesce(sum(r.cashback_amount - r.clawed_back), 0) AS net FROM cashback_records r WHERE r.beneficiary_account_id = a.id) got ON true
    -- clawed back from what a refund paid to available, not from this account (migration 031)
    LEFT JOIN LATERAL (SELECT coalesce(sum(cr.from_refund), 0) AS covered FROM cashback_refunds cr JOIN cashback_records r ON r.id = cr.cashback_id
                        WHERE r.beneficiary_account_id = a.id) cov ON true
    LEFT JOIN LATERAL (SELECT coalesce(sum(p.cashback_paid), 0) AS paid FROM merchant_payments p WHERE p.payer_id = a.member_id AND p.cashback_paid > 0) spent ON true
    LEFT JOIN LATERAL (SELECT coalesce(sum(r.cashback_returned), 0) AS back FROM merchant_refunds r JOIN merchant_payments p ON p.id = r.payment_id
                        WHERE p.payer_id = a.member_id AND r.cashback_returned > 0) back ON true
    -- the lottery's prizes delivered (README "Lottery")
    LEFT JOIN LATERAL (SELECT coalesce(sum(w.amount), 0) AS won FROM lottery_winnings w WHERE w.member_id = a.member_id AND w.status = 'sent') prizes ON true
   WHERE a.kind = 'cashback' AND a.member_id IS NOT NULL AND a.balance <> got.net + cov.covered - spent.paid + back.back + prizes.won
  UNION ALL
  SELECT 'clawback:' || r.id FROM cashback_records r
    LEFT JOIN LATERAL (SELECT coalesce(sum(cr.due), 0) AS due, coalesce(sum(cr.clawed_back), 0) AS clawed,
                              count(*) FILTER (WHERE cr.from_refund > cr.clawed_back
                                                  OR (cr.clawed_back - cr.from_refund > 0 AND (t.id IS NULL OR t.amount <> cr.clawed_back - cr.from_refund
                                                                                                OR t.debit_account_id <> r.beneficiary_account_id OR t.kind <> 'cashback_clawback'))
                                                  OR (cr.clawed_back - cr.from_refund = 0 AND cr.transfer_id IS NOT NULL)
                                                  -- the part covered by the refund (migration 031): posted settlement → funding unless the settlement funded it
                                                  OR CASE WHEN cr.from_refund = 0 OR c.funding = 'settlement' THEN cr.from_refund_transfer_id IS NOT NULL
                                                          ELSE ft.id IS NULL OR ft.amount <> cr.from_refund OR ft.credit_account_id <> r.contributing_account_id
                                                               OR ft.kind <> 'cashback_clawback' END) AS wrong
                         FROM cashback_refunds cr LEFT JOIN ledger_transfers t ON t.id = cr.transfer_id
                         LEFT JOIN ledger_transfers ft ON ft.id = cr.from_refund_transfer_id
                         JOIN cashback_policies c ON c.id = r.policy_id WHERE cr.cashback_id = r.id) x ON true
   WHERE r.clawback_due <> x.due OR r.clawed_back <> x.clawed OR x.wrong > 0
  UNION ALL
  SELECT 'marketingFunding' FROM (SELECT coalesce(sum(balance), 0) AS total FROM ledger_accounts WHERE kind = 'marketing_funding' AND member_id IS NULL) f
    CROSS JOIN (SELECT coalesce(sum(r.cashback_amount - r.clawed_back), 0) AS net FROM cashback_records r JOIN cashback_policies c ON c.id = r.policy_id
                 WHERE c.funding = 'platform') g
    CROSS JOIN (SELECT coalesce(sum(amount), 0) AS won FROM lottery_winnings WHERE status = 'sent') prizes
   WHERE f.total <> -g.net - prizes.won
  ORDER BY 1`;

/** The lottery's checks (see `lotteryUnmatched`), each row naming what does not match. */
const LOTTERY_UNMATCHED = `
  SELECT 'prize:' || p.id AS id FROM lottery_prizes p
    LEFT JOIN LATERAL (SELECT count(*) AS n FROM lottery_winnings w WHERE w.prize_id = p.id) w ON true
   WHERE p.left_count <> p.quantity - w.n
  UNION ALL
  SELECT 'activity:' || a.id FROM lottery_activities a
    LEFT JOIN LATERAL (SELECT coalesce(sum(amount), 0) AS won FROM lottery_winnings WHERE activity_id = a.id) w ON true
    LEFT JOIN LATERAL (SELECT count(*) AS n, coalesce(max(seq), 0) AS last FROM lottery_draws WHERE activity_id = a.id) d ON true
   WHERE w.won > a.budget OR d.n <> a.draws_made OR d.last <> a.draws_made
  UNION ALL
  SELECT 'entrant:' || e.activity_id || ':' || e.member_id FROM lottery_entrants e
    LEFT JOIN LATERAL (SELECT coalesce(sum(draws - taken_back), 0) AS earned FROM lottery_earnings WHERE activity_id = e.activity_id AND member_id = e.member_id) g ON true
    LEFT JOIN LATERAL (SELECT count(*) AS n, coalesce(max(draw_no), 0) AS last, count(*) FILTER (WHERE participant <> e.participant) AS others
                         FROM lottery_draws WHERE activity_id = e.activity_id AND member_id = e.member_id) d ON true
   WHERE e.earned <> g.earned OR e.used <> d.n OR d.last <> e.used OR d.others > 0 OR e.used > e.earned
  UNION ALL
  -- each earning is a real top-up credited, or a real payment, of that member, reaching the threshold
  SELECT 'earning:' || g.activity_id || ':' || g.source || ':' || g.source_id FROM lottery_earnings g
    JOIN lottery_activities a ON a.id = g.activity_id
   WHERE g.amount < a.threshold
      OR (g.source = 'topup' AND NOT EXISTS (SELECT 1 FROM topups t WHERE t.id = g.source_id AND t.member_id = g.member_id AND t.amount = g.amount AND t.state = 'SUCCESS')
          OR a.entry <> CASE g.source WHEN 'topup' THEN 'recharge' ELSE 'consume' END)
      OR (g.source = 'merchantPayment' AND NOT EXISTS (SELECT 1 FROM merchant_payments p WHERE p.id = g.source_id AND p.payer_id = g.member_id AND p.amount = g.amount))
  UNION ALL
  -- each draw within its activity's time, its prize the line its ticket lands on (or none: no line, or the line won out before it)
  SELECT 'draw:' || d.id FROM lottery_draws d
    JOIN lottery_activities a ON a.id = d.activity_id
    LEFT JOIN LATERAL (SELECT l.id, l.quantity FROM (SELECT p.id, p.quantity, p.odds_ppm, sum(p.odds_ppm) OVER (ORDER BY p.position) AS upto
                                                       FROM lottery_prizes p WHERE p.activity_id = d.activity_id) l
                        WHERE d.ticket >= l.upto - l.odds_ppm AND d.ticket < l.upto) line ON true
   WHERE d.created_at < a.starts_at OR d.created_at >= coalesce(a.ended_at, a.ends_at)
      OR (d.prize_id IS NOT NULL AND d.prize_id IS DISTINCT FROM line.id)
      OR (d.prize_id IS NULL AND line.id IS NOT NULL
          AND (SELECT count(*) FROM lottery_draws x WHERE x.activity_id = d.activity_id AND x.prize_id = line.id AND x.seq < d.seq) < line.quantity)
  UNION ALL
  SELECT 'winning:' || w.id FROM lottery_winnings w
    LEFT JOIN lottery_draws d ON d.id = w.draw_id
    LEFT JOIN lottery_prizes p ON p.id = w.prize_id
    LEFT JOIN ledger_transfers t ON t.idempotency_key = 'lottery:prize:' || w.id
    LEFT JOIN ledger_accounts debit ON debit.id = t.debit_account_id
    LEFT JOIN ledger_accounts credit ON credit.id = t.credit_account_id
   WHERE d.member_id IS DISTINCT FROM w.member_id OR d.prize_id IS DISTINCT FROM w.prize_id OR d.activity_id IS DISTINCT FROM w.activity_id
      OR w.amount <> p.amount
      OR (w.status = 'sent') <> (t.id IS NOT NULL)
      OR (t.id IS NOT NULL AND (t.id <> w.transfer_id OR t.amount <> w.amount OR t.kind <> 'lottery_prize' OR debit.kind <> 'marketing_funding'
                                OR credit.kind <> 'cashback' OR credit.member_id <> w.member_id))
  UNION ALL
  SELECT 'prizeTransfer:' || t.id FROM ledger_transfers t
   WHERE t.kind = 'lottery_prize' AND NOT EXISTS (SELECT 1 FROM lottery_winnings w WHERE w.transfer_id = t.id AND w.status = 'sent')
  ORDER BY 1`;

/** The group purchases' checks (see `groupPackagesUnmatched`), each row naming what does not match. */
const GROUP_PACKAGES_UNMATCHED = `
  SELECT 'package:' || g.id AS id FROM group_packages g
    LEFT JOIN LATERAL (SELECT coalesce(sum(count_left), 0) AS left_, count(*) AS slices FROM promotion_slices WHERE kind = 'groupPackage' AND policy_id = g.id) sl ON true
    LEFT JOIN LATERAL (SELECT count(*) AS n FROM group_vouchers WHERE package_id = g.id) v ON true
   WHERE g.stock <> sl.left_ + v.n OR sl.slices <> promotion_slice_count()
  UNION ALL
  SELECT 'voucher:' || v.id FROM group_vouchers v
    LEFT JOIN group_packages g ON g.id = v.package_id
    LEFT JOIN merchant_payments p ON p.id = v.payment_id
    LEFT JOIN merchant_refunds r ON r.id = v.refund_id
    LEFT JOIN stores rs ON rs.id = v.redeemed_store_id
    LEFT JOIN merchants rm ON rm.id = rs.merchant_id
   WHERE g.id IS NULL OR p.id IS NULL OR p.method <> 'groupPackage' OR p.payer_id <> v.member_id OR p.amount <> g.group_price
      OR p.store_id <> g.store_id OR p.merchant_id <> g.merchant_id OR v.expires_at <> g.ends_at
      OR (v.state = 'refunded' AND (p.refunded <> p.amount - p.discount OR r.id IS NULL OR r.payment_id <> p.id))
      OR (v.state IN ('unused', 'expired') AND p.refunded = p.amount - p.discount)
      OR (v.state = 'redeemed' AND (coalesce(rm.parent_id, rm.id) IS DISTINCT FROM g.merchant_id OR p.refunded = p.amount - p.discount))
  UNION ALL
  SELECT 'payment:' || p.id FROM merchant_payments p
   WHERE p.method = 'groupPackage' AND NOT EXISTS (SELECT 1 FROM group_vouchers v WHERE v.payment_id = p.id)
  ORDER BY 1`;
