-- Paying part of a price with the cashback balance (issue 23, the discount policy type
-- `cashbackDeduction`, spec §3 "Discount policy: … deduction by paying with cashback"). A merchant's
-- discount policy of this type lets the member pay part of a price at its stores out of their
-- `cashback` account; the merchant receives the whole price it would without the policy (the part
-- paid with cashback is NOT a discount the merchant funds). README "Promotions" and
-- server/ledger/README.md "Promotions" say the rules in words.
--
-- THE DEDUCTION = least( ratio_bp of the price kept within [min_amount, max_amount],
--                        the member's cashback balance,
--                        the price − the discount − the coupon − 1 cêntimo,
--                        what is left of the member's / the activity's amount limit )
-- when the price reaches start_amount and the member's cashback balance reaches min_amount (a member
-- holding less than the minimum gets none: the policy does not apply). At most one such policy (the
-- largest deduction) per payment.
--
-- STACKING (migration 028's, with the deduction third):
--   1. the merchant's best `random` DISCOUNT off the price;           (merchant-funded)
--   2. the member's best COUPON off what is left;                        (merchant-funded)
--   3. the CASHBACK DEDUCTION, paid from the member's cashback account;  (member-funded)
--   4. payable = price − discount − coupon − deduction ≥ 1 cêntimo: what leaves the AVAILABLE balance;
--   5. CASHBACK earned on payable only (what the member pays from the available balance, never on
--      the part paid with cashback: cashback does not earn cashback).
-- The merchant's service charge stays on what the merchant receives: price − discount − coupon =
-- payable + deduction (merchant_payment_quote below). The level limits (spend_outgoing_limit) count
-- payable, the money leaving the wallet. An auto coupon's `paid` basis stays price − discount −
-- coupon: the member paid the deduction too, with cashback.
--
-- MONEY: one posting in the payment's transaction, key `merchant_pay:<payer>:<requestNo>:cashbackDeduction`,
-- kind `cashback_deduction`, from the payer's `cashback` account to the settlement shard the payment
-- credits, made by merchant_pay BEFORE the payment's own two transfers (so the shard holds payable +
-- deduction when the charge, computed on both, leaves it); merchant_payments.cashback_paid records it, so the payment's own transfer is
-- amount − discount − cashback_paid and the settlement receives amount − discount in all (the
-- settlement equation of the ledger check is unchanged).
--
-- RACE RULE: the payer's cashback account is locked (FOR NO KEY UPDATE, after the payer's available
-- account, which merchant_pay locks) and must hold the quoted deduction; if it no longer does (a
-- concurrent payment of the same member spent it) the whole payment is refused with PRM10001 (the
-- quote changed; the detail is the payable a new quote would give) and the app quotes again: a
-- member is never charged another split than the one confirmed. The account's CHECK (balance >= 0)
-- and ledger_post's overdraft refusal stand behind it.
--
-- REFUNDS (server/merchantPayment/refund.ts): the refundable total stays amount − discount; a
-- refund gives back, cumulatively, ⌊cashback_paid × refunded so far ÷ (amount − discount)⌋ to the
-- payer's cashback account (posting `refund:<id>:cashbackDeduction`, kind `cashback_deduction_refund`,
-- recorded as merchant_refunds.cashback_returned / cashback_transfer_id) and the rest to available
-- (the `refund:<id>` posting, now of amount − cashback_returned, absent when that is 0).

-- 1. The policy type; a deduction policy is funded by the member's cashback and always has a ratio.
ALTER TABLE discount_policies DROP CONSTRAINT discount_policies_type_check;
ALTER TABLE discount_policies ADD CONSTRAINT discount_policies_type_check CHECK (type IN ('random', 'cashbackDeduction'));
ALTER TABLE discount_policies DROP CONSTRAINT discount_policies_funding_check;
ALTER TABLE discount_policies ADD CONSTRAINT discount_policies_funding_check CHECK (funding IN ('settlement', 'memberCashback'));
ALTER TABLE discount_policies ADD CONSTRAINT discount_policies_deduction CHECK ((type = 'cashbackDeduction') = (funding = 'memberCashback') AND (type <> 'cashbackDeduction' OR ratio_bp IS NOT NULL));

-- 2. Its uses: payment_promotions, promotion_usage and promotion_slices under their own kind
-- 'cashbackDeduction' (policy ids are discount_policies', the extension named as the adjustment's).
ALTER TABLE payment_promotions DROP CONSTRAINT payment_promotions_extension_check;
ALTER TABLE payment_promotions ADD CONSTRAINT payment_promotions_extension_check CHECK (extension IN ('discount', 'coupon', 'cashback', 'cashbackDeduction'));
ALTER TABLE promotion_usage DROP CONSTRAINT promotion_usage_kind_check;
ALTER TABLE promotion_usage ADD CONSTRAINT promotion_usage_kind_check CHECK (kind IN ('cashback', 'discount', 'cashbackDeduction'));
ALTER TABLE promotion_slices DROP CONSTRAINT promotion_slices_kind_check;
ALTER TABLE promotion_slices ADD CONSTRAINT promotion_slices_kind_check CHECK (kind IN ('cashback', 'discount', 'coupon', 'groupPackage', 'cashbackDeduction'));

-- 3. What a payment took from the payer's cashback account, and what a refund gave back to it.
ALTER TABLE merchant_payments ADD COLUMN cashback_paid bigint NOT NULL DEFAULT 0 CHECK (cashback_paid >= 0);
ALTER TABLE merchant_payments ADD CONSTRAINT merchant_payments_paid_below_amount CHECK (discount + cashback_paid < amount);
ALTER TABLE merchant_refunds ADD COLUMN cashback_returned bigint NOT NULL DEFAULT 0 CHECK (cashback_returned >= 0 AND cashback_returned <= amount);
-- the posting settlement shard 0 → the payer's cashback account, of cashback_returned (NULL when 0)
ALTER TABLE merchant_refunds ADD COLUMN cashback_transfer_id bigint;

-- 4. THE computation of a payment's promotions (migration 028's, same signature), with the
-- deduction third. `discount` stays what the merchant funds (discount + coupon); the deduction is an
-- adjustment {extension: 'cashbackDeduction', kind: 'cashbackDeduction', amount, reference:
-- 'cashbackDeduction:<policy id>'} that merchant_payment_quote takes off payable (not off the
-- charge's basis). p_discounts (the merchant has an active discount policy, of either type) says
-- whether to look for either.
CREATE OR REPLACE FUNCTION promotions_quote(p_payer bigint, p_owner bigint, p_amount bigint, p_discounts boolean, p_coupons boolean, p_cashbacks boolean,
                                            p_auto_coupons boolean, OUT adjustments jsonb, OUT discount bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_rest bigint;
  v_best record;
  v_cashback record;
  v_balance bigint;
  v_deduction bigint := 0;
BEGIN
  adjustments := '[]'::jsonb;
  discount := 0;
  IF p_amount IS NULL OR p_amount <= 0 THEN RETURN; END IF;

  -- 1. the best (random) discount policy of the merchant
  IF p_discounts THEN
    SELECT d.id, least(p_amount - 1, CASE WHEN d.ratio_bp IS NOT NULL THEN least(d.max_amount, greatest(d.min_amount, p_amount * d.ratio_bp / 10000))
                                          ELSE promotions_draw('discount', d.id, p_payer, coalesce(u.count, 0), p_amount, d.min_amount, d.max_amount) END) AS off,
           d.statistics, d.accumulation_limit, d.activity_limit, u.amount AS used_amount, u.count AS used_count
      INTO v_best
      FROM discount_policies d
      LEFT JOIN promotion_usage u ON u.kind = 'discount' AND u.policy_id = d.id AND u.member_id = p_payer
     WHERE d.merchant_id = p_owner AND d.type = 'random' AND d.status = 'active' AND d.starts_at <= now() AND (d.ends_at IS NULL OR d.ends_at > now())
       AND p_amount >= d.start_amount AND p_amount > 1
       AND CASE d.statistics
             WHEN 'none' THEN true
             WHEN 'personalAmount' THEN coalesce(u.amount, 0) < d.accumulation_limit
             WHEN 'personalCount' THEN coalesce(u.count, 0) < d.accumulation_limit
             WHEN 'personalBusinessAmount' THEN coalesce(u.amount, 0) < d.accumulation_limit
                  AND (SELECT sum(s.amount_left) FROM promotion_slices s WHERE s.kind = 'discount' AND s.policy_id = d.id) > 0
             ELSE coalesce(u.count, 0) < d.accumulation_limit
                  AND (SELECT sum(s.count_left) FROM promotion_slices s WHERE s.kind = 'discount' AND s.policy_id = d.id) > 0 END
     ORDER BY 2 DESC, d.id LIMIT 1;
    IF FOUND THEN
      IF v_best.statistics IN ('personalAmount', 'personalBusinessAmount') THEN
        v_best.off := least(v_best.off, v_best.accumulation_limit - coalesce(v_best.used_amount, 0));
      END IF;
      IF v_best.statistics = 'personalBusinessAmount' THEN
        v_best.off := least(v_best.off, (SELECT sum(s.amount_left) FROM promotion_slices s WHERE s.kind = 'discount' AND s.policy_id = v_best.id));
      END IF;
      IF v_best.off > 0 THEN
        adjustments := adjustments || jsonb_build_object('extension', 'discount', 'kind', 'discount', 'amount', v_best.off, 'reference', 'discount:' || v_best.id);
        discount := v_best.off;
      END IF;
    END IF;
  END IF;

  -- 2. the member's best coupon of this merchant, off what is left
  v_rest := p_amount - discount;
  IF p_coupons AND v_rest > 1 THEN
    SELECT mc.id, least(v_rest - 1, CASE c.type WHEN 4 THEN least(coalesce(c.max_off, v_rest), v_rest * c.percent_bp / 10000) ELSE c.amount_off END) AS off
      INTO v_best
      FROM member_coupons mc
      JOIN coupons c ON c.id = mc.coupon_id
     WHERE mc.member_id = p_payer AND mc.used_payment_id IS NULL AND c.merchant_id = p_owner
       AND c.status = 'active' AND c.starts_at <= now() AND (c.ends_at IS NULL OR c.ends_at > now())
       AND v_rest >= coalesce(c.threshold, 1)
       AND (c.type = 4 OR c.amount_off <= v_rest - 1)
       AND (c.target = 1 OR (c.target = 2) = (NOT EXISTS (SELECT 1 FROM merchant_payments p WHERE p.payer_id = p_payer AND p.merchant_id = p_owner)))
       AND EXISTS (SELECT 1 FROM promotion_slices s WHERE s.kind = 'coupon' AND s.policy_id = c.id AND s.count_left > 0)
     ORDER BY 2 DESC, mc.id LIMIT 1;
    IF FOUND AND v_best.off > 0 THEN
      adjustments := adjustments || jsonb_build_object('extension', 'coupon', 'kind', 'coupon', 'amount', v_best.off, 'reference', 'coupon:' || v_best.id);
      discount := discount + v_best.off;
    END IF;
  END IF;

  -- 3. the cashback deduction: part of what is left paid from the member's cashback balance
  v_rest := p_amount - discount;
  IF p_discounts AND v_rest > 1 THEN
    SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.member_id = p_payer AND a.kind = 'cashback' AND a.shard = 0;
    IF coalesce(v_balance, 0) > 0 THEN
      SELECT d.id, least(v_rest - 1, v_balance, least(d.max_amount, greatest(d.min_amount, p_amount * d.ratio_bp / 10000))) AS off,
             d.statistics, d.accumulation_limit, u.amount AS used_amount
        INTO v_best
        FROM discount_policies d
        LEFT JOIN promotion_usage u ON u.kind = 'cashbackDeduction' AND u.policy_id = d.id AND u.member_id = p_payer
       WHERE d.merchant_id = p_owner AND d.type = 'cashbackDeduction' AND d.status = 'active' AND d.starts_at <= now() AND (d.ends_at IS NULL OR d.ends_at > now())
         AND p_amount >= d.start_amount AND v_balance >= d.min_amount
         AND CASE d.statistics
               WHEN 'none' THEN true
               WHEN 'personalAmount' THEN coalesce(u.amount, 0) < d.accumulation_limit
               WHEN 'personalCount' THEN coalesce(u.count, 0) < d.accumulation_limit
               WHEN 'personalBusinessAmount' THEN coalesce(u.amount, 0) < d.accumulation_limit
                    AND (SELECT sum(s.amount_left) FROM promotion_slices s WHERE s.kind = 'cashbackDeduction' AND s.policy_id = d.id) > 0
               ELSE coalesce(u.count, 0) < d.accumulation_limit
                    AND (SELECT sum(s.count_left) FROM promotion_slices s WHERE s.kind = 'cashbackDeduction' AND s.policy_id = d.id) > 0 END
       ORDER BY 2 DESC, d.id LIMIT 1;
      IF FOUND THEN
        IF v_best.statistics IN ('personalAmount', 'personalBusinessAmount') THEN
          v_best.off := least(v_best.off, v_best.accumulation_limit - coalesce(v_best.used_amount, 0));
        END IF;
        IF v_best.statistics = 'personalBusinessAmount' THEN
          v_best.off := least(v_best.off, (SELECT sum(s.amount_left) FROM promotion_slices s WHERE s.kind = 'cashbackDeduction' AND s.policy_id = v_best.id));
        END IF;
        IF v_best.off > 0 THEN
          adjustments := adjustments || jsonb_build_object('extension', 'cashbackDeduction', 'kind', 'cashbackDeduction', 'amount', v_best.off,
                                                           'reference', 'cashbackDeduction:' || v_best.id);
          v_deduction := v_best.off;
        END IF;
      END IF;
    END IF;
  END IF;

  -- 4. the largest cashback on what the member pays from the available balance (the deduction earns none)
  IF p_cashbacks THEN
    v_rest := p_amount - discount - v_deduction;
    SELECT c.id, least(v_rest, CASE WHEN c.type = 'ratio' THEN greatest(c.min_cashback, least(coalesce(c.max_cashback, v_rest), v_rest * c.ratio_bp / 10000))
                                    ELSE promotions_draw('cashback', c.id, p_payer, coalesce(u.count, 0), v_rest, c.min_cashback, c.max_cashback) END) AS amount,
           c.member_amount_limit, c.budget_amount, u.amount AS used_amount
      INTO v_cashback
      FROM cashback_policies c
      LEFT JOIN promotion_usage u ON u.kind = 'cashback' AND u.policy_id = c.id AND u.member_id = p_payer
     WHERE (c.merchant_id = p_owner OR c.merchant_id IS NULL) AND c.status = 'active'
       AND c.starts_at <= now() AND (c.ends_at IS NULL OR c.ends_at > now())
       AND (c.member_id IS NULL OR c.member_id = p_payer) AND v_rest >= c.min_payment
       AND (c.member_count_limit IS NULL OR coalesce(u.count, 0) < c.member_count_limit)
       AND (c.member_amount_limit IS NULL OR coalesce(u.amount, 0) < c.member_amount_limit)
       AND (c.budget_count IS NULL OR (SELECT sum(s.count_left) FROM promotion_slices s WHERE s.kind = 'cashback' AND s.policy_id = c.id) > 0)
       AND (c.budget_amount IS NULL OR (SELECT sum(s.amount_left) FROM promotion_slices s WHERE s.kind = 'cashback' AND s.policy_id = c.id) > 0)
     ORDER BY 2 DESC, c.id LIMIT 1;
    IF FOUND THEN
      IF v_cashback.member_amount_limit IS NOT NULL THEN
        v_cashback.amount := least(v_cashback.amount, v_cashback.member_amount_limit - coalesce(v_cashback.used_amount, 0));
      END IF;
      IF v_cashback.budget_amount IS NOT NULL THEN
        v_cashback.amount := least(v_cashback.amount, (SELECT sum(s.amount_left) FROM promotion_slices s WHERE s.kind = 'cashback' AND s.policy_id = v_cashback.id));
      END IF;
      IF v_cashback.amount > 0 THEN
        adjustments := adjustments || jsonb_build_object('extension', 'cashback', 'kind', 'cashback', 'amount', v_cashback.amount, 'reference', 'cashback:' || v_cashback.id);
      END IF;
    END IF;
  END IF;

  -- 5. an auto coupon this payment earns (unchanged: `paid` is price − discount − coupon)
  IF p_auto_coupons THEN
    SELECT k.id INTO v_best FROM coupons k
     WHERE k.merchant_id = p_owner AND k.status = 'active' AND k.auto_threshold IS NOT NULL
       AND k.starts_at <= now() AND (k.ends_at IS NULL OR k.ends_at > now())
       AND k.auto_threshold <= CASE k.auto_basis WHEN 'preDiscount' THEN p_amount ELSE p_amount - discount END
       AND NOT EXISTS (SELECT 1 FROM member_coupons mc WHERE mc.coupon_id = k.id AND mc.member_id = p_payer)
       AND EXISTS (SELECT 1 FROM promotion_slices s WHERE s.kind = 'coupon' AND s.policy_id = k.id AND s.count_left > 0)
     ORDER BY k.id LIMIT 1;
    IF FOUND THEN
      adjustments := adjustments || jsonb_build_object('extension', 'coupon', 'kind', 'coupon', 'amount', 0, 'reference', 'grant:' || v_best.id);
    END IF;
  END IF;
END;
$$;

-- 5. The quote (migration 028's, same signature): the charge on what the merchant receives (price −
-- discount − coupon, the deduction included), payable = that less the deduction (what leaves the
-- available balance).
CREATE OR REPLACE FUNCTION merchant_payment_quote(p_payer bigint, p_owner_member bigint, p_owner bigint, p_store bigint, p_method text, p_amount bigint,
                                                  p_charge_rate_bp integer, p_charge_cap bigint)
RETURNS TABLE (refusal text, amount bigint, charge bigint, adjustments jsonb, payable bigint)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_owner_member = p_payer THEN 'MCH10014' END,
         p_amount,
         CASE WHEN p_charge_cap IS NOT NULL AND ((p_amount - a.discount) * p_charge_rate_bp + 9999) / 10000 > p_charge_cap THEN p_charge_cap
              ELSE ((p_amount - a.discount) * p_charge_rate_bp + 9999) / 10000 END,
         a.adjustments,
         p_amount - a.discount
           - CASE WHEN a.adjustments = '[]'::jsonb THEN 0
                  ELSE coalesce((SELECT sum((e ->> 'amount')::bigint) FROM jsonb_array_elements(a.adjustments) AS e WHERE e ->> 'kind' = 'cashbackDeduction'), 0) END
    FROM merchant_payment_adjustments(p_payer, p_owner, p_store, p_method, p_amount) AS a
$$;

-- 6. THE EXTENSION POINT's second half (migration 028's, same signature), with the deduction: the
-- member's usage row and the activity's slices as a discount's (kind 'cashbackDeduction'), its
-- payment_promotions row and the payment's cashback_paid. Its posting is merchant_pay's (below).
CREATE OR REPLACE FUNCTION merchant_payment_apply(p_payment_id bigint, p_key text, p_payer bigint, p_owner bigint, p_settlement bigint, p_adjustments jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_adjustment jsonb;
  v_amount bigint;
  v_id bigint;
  v_hash bigint := shard_hash(p_key);
  v_discount bigint := 0;
  v_deduction bigint := 0;
  v_paid bigint;
  v_voucher text;
  v_policy record;
  v_coupon bigint;
  v_from ledger_accounts%ROWTYPE;
  v_to bigint;
  v_shards integer;
  v_posted record;
BEGIN
  FOR v_adjustment IN SELECT e FROM jsonb_array_elements(p_adjustments) AS e LOOP
    v_amount := (v_adjustment ->> 'amount')::bigint;
    v_id := split_part(v_adjustment ->> 'reference', ':', 2)::bigint;
    CASE v_adjustment ->> 'extension'
    WHEN 'discount' THEN
      SELECT * INTO v_policy FROM discount_policies WHERE id = v_id;
      IF (v_policy.statistics <> 'none' OR v_policy.ratio_bp IS NULL)
         AND NOT promotion_count_use('discount', v_id, p_payer, v_amount,
                                     CASE WHEN v_policy.statistics IN ('personalAmount', 'personalBusinessAmount') THEN v_policy.accumulation_limit END,
                                     CASE WHEN v_policy.statistics IN ('personalCount', 'personalBusinessCount') THEN v_policy.accumulation_limit END) THEN
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10004';
      END IF;
      IF v_policy.statistics IN ('personalBusinessAmount', 'personalBusinessCount')
         AND NOT promotion_take('discount', v_id, CASE WHEN v_policy.statistics = 'personalBusinessAmount' THEN v_amount ELSE 0 END,
                                CASE WHEN v_policy.statistics = 'personalBusinessCount' THEN 1 ELSE 0 END, v_hash) THEN
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10003';
      END IF;
      INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) VALUES (p_payment_id, 'discount', v_id, v_amount);
      v_discount := v_discount + v_amount;
    WHEN 'coupon' THEN
      IF split_part(v_adjustment ->> 'reference', ':', 1) = 'grant' THEN
        INSERT INTO member_coupons (coupon_id, member_id) VALUES (v_id, p_payer) ON CONFLICT (coupon_id, member_id) DO NOTHING;
        CONTINUE;
      END IF;
      UPDATE member_coupons SET used_payment_id = p_payment_id, used_at = now()
       WHERE id = v_id AND member_id = p_payer AND used_payment_id IS NULL RETURNING coupon_id INTO v_coupon;
      IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10005'; END IF;
      IF NOT promotion_take('coupon', v_coupon, 0, 1, v_hash) THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10002'; END IF;
      INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) VALUES (p_payment_id, 'coupon', v_coupon, v_amount);
      v_discount := v_discount + v_amount;
    WHEN 'cashbackDeduction' THEN
      SELECT * INTO v_policy FROM discount_policies WHERE id = v_id;
      IF v_policy.statistics <> 'none'
         AND NOT promotion_count_use('cashbackDeduction', v_id, p_payer, v_amount,
                                     CASE WHEN v_policy.statistics IN ('personalAmount', 'personalBusinessAmount') THEN v_policy.accumulation_limit END,
                                     CASE WHEN v_policy.statistics IN ('personalCount', 'personalBusinessCount') THEN v_policy.accumulation_limit END) THEN
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10004';
      END IF;
      IF v_policy.statistics IN ('personalBusinessAmount', 'personalBusinessCount')
         AND NOT promotion_take('cashbackDeduction', v_id, CASE WHEN v_policy.statistics = 'personalBusinessAmount' THEN v_amount ELSE 0 END,
                                CASE WHEN v_policy.statistics = 'personalBusinessCount' THEN 1 ELSE 0 END, v_hash) THEN
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10003';
      END IF;
      -- posted by merchant_pay already, before the payment's charge (so the settlement shard holds it)
      INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) VALUES (p_payment_id, 'cashbackDeduction', v_id, v_amount);
      v_deduction := v_deduction + v_amount;
    WHEN 'cashback' THEN
      SELECT * INTO v_policy FROM cashback_policies WHERE id = v_id;
      IF (v_policy.type = 'random' OR v_policy.member_amount_limit IS NOT NULL OR v_policy.member_count_limit IS NOT NULL)
         AND NOT promotion_count_use('cashback', v_id, p_payer, v_amount, v_policy.member_amount_limit, v_policy.member_count_limit) THEN
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10004';
      END IF;
      IF (v_policy.budget_amount IS NOT NULL OR v_policy.budget_count IS NOT NULL)
         AND NOT promotion_take('cashback', v_id, CASE WHEN v_policy.budget_amount IS NOT NULL THEN v_amount ELSE 0 END,
                                CASE WHEN v_policy.budget_count IS NOT NULL THEN 1 ELSE 0 END, v_hash) THEN
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10003';
      END IF;
      IF v_policy.funding = 'settlement' THEN
        SELECT * INTO v_from FROM ledger_accounts WHERE id = p_settlement;
        IF v_from.balance < v_amount THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10006'; END IF;
      ELSE
        v_shards := marketing_funding_shards();
        SELECT * INTO v_from FROM ledger_accounts a
         WHERE a.member_id IS NULL AND a.kind = 'marketing_funding' AND a.shard = v_hash % v_shards FOR NO KEY UPDATE SKIP LOCKED;
        IF NOT FOUND THEN
          SELECT * INTO v_from FROM ledger_accounts a WHERE a.member_id IS NULL AND a.kind = 'marketing_funding'
           ORDER BY (a.shard - v_hash % v_shards + v_shards) % v_shards LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
          IF NOT FOUND THEN
            SELECT * INTO v_from FROM ledger_accounts a
             WHERE a.member_id IS NULL AND a.kind = 'marketing_funding' AND a.shard = v_hash % v_shards FOR NO KEY UPDATE;
          END IF;
        END IF;
      END IF;
      SELECT a.id INTO v_to FROM ledger_accounts a WHERE a.member_id = p_payer AND a.kind = 'cashback' AND a.shard = 0;
      IF NOT FOUND THEN
        INSERT INTO ledger_accounts (code, kind, member_id) VALUES ('member:' || p_payer || ':cashback', 'cashback', p_payer) ON CONFLICT DO NOTHING;
        SELECT a.id INTO v_to FROM ledger_accounts a WHERE a.member_id = p_payer AND a.kind = 'cashback' AND a.shard = 0;
      END IF;
      -- what the member paid from the available balance: the cashback's basis
      SELECT p.amount - p.discount, p.voucher_no INTO v_paid, v_voucher FROM merchant_payments p WHERE p.id = p_payment_id;
      v_paid := v_paid - v_discount - v_deduction;
      SELECT * INTO v_posted FROM ledger_post(p_key || ':cashback', 'cashback', v_from.id, v_to, v_amount, v_voucher);
      INSERT INTO cashback_records (payment_id, trade_voucher_no, policy_id, consumer_amount, cashback_amount, contributing_account_id,
                                    beneficiary_member_id, beneficiary_account_id, transfer_id)
        VALUES (p_payment_id, v_voucher, v_id, v_paid, v_amount, v_from.id, p_payer, v_to, v_posted.transfer_id);
      INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) VALUES (p_payment_id, 'cashback', v_id, v_amount);
    ELSE
      RAISE EXCEPTION 'payment adjustment % of no extension', v_adjustment USING ERRCODE = 'KW003';
    END CASE;
  END LOOP;
  IF v_discount > 0 OR v_deduction > 0 THEN
    UPDATE merchant_payments SET discount = v_discount, cashback_paid = v_deduction WHERE id = p_payment_id;
  END IF;
END;
$$;

-- 7a. The payment's two transfers (migration 021's, same signature): a charge above the payer's
-- transfer is allowed when the shard holds the difference (the part paid with cashback, posted first).
CREATE OR REPLACE FUNCTION ledger_post_with_charge(p_key text, p_kind text, p_debit ledger_accounts, p_credit ledger_accounts, p_amount bigint,
                                        p_charge_kind text, p_fee ledger_accounts, p_charge bigint, p_reference text,
                                        OUT transfer_id bigint, OUT charge_transfer_id bigint, OUT debit_balance bigint, OUT credit_balance bigint)
LANGUAGE plpgsql AS $$
BEGIN
  IF p_debit.id IS NULL OR p_credit.id IS NULL OR (p_charge > 0 AND p_fee.id IS NULL) THEN
    RAISE EXCEPTION 'no such ledger account' USING ERRCODE = 'KW002';
  END IF;
  -- a charge above the amount only when the credited account holds the rest already (a payment
  -- partly paid with cashback: that part was posted into the shard first, migration 030)
  IF p_amount <= 0 OR p_charge < 0 OR (p_charge > p_amount AND NOT p_credit.allow_negative AND p_credit.balance + p_amount < p_charge) THEN
    RAISE EXCEPTION 'amount % with charge % cannot be posted', p_amount, p_charge USING ERRCODE = 'KW003';
  END IF;
  debit_balance := p_debit.balance;
  credit_balance := p_credit.balance;
  IF NOT p_debit.allow_negative AND p_debit.balance < p_amount THEN RETURN; END IF;
  transfer_id := nextval('ledger_transfers_id_seq');
  debit_balance := p_debit.balance - p_amount;
  credit_balance := p_credit.balance + p_amount - p_charge;
  IF p_charge > 0 THEN
    -- both transfers in one statement (each statement is an executor start and its constraints' set-up)
    charge_transfer_id := nextval('ledger_transfers_id_seq');
    INSERT INTO ledger_transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, reference) VALUES
      (transfer_id, p_key, p_kind, p_debit.id, p_credit.id, p_amount, p_reference),
      (charge_transfer_id, p_key || ':charge', p_charge_kind, p_credit.id, p_fee.id, p_charge, p_reference);
    UPDATE ledger_accounts a SET balance = a.balance + CASE a.id WHEN p_debit.id THEN -p_amount WHEN p_credit.id THEN p_amount - p_charge ELSE p_charge END,
                                 version = a.version + CASE a.id WHEN p_credit.id THEN 2 ELSE 1 END
     WHERE a.id IN (p_debit.id, p_credit.id, p_fee.id);
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, account_version) VALUES
      (transfer_id, p_debit.id, -p_amount, p_debit.balance - p_amount, p_debit.version + 1),
      (transfer_id, p_credit.id, p_amount, p_credit.balance + p_amount, p_credit.version + 1),
      (charge_transfer_id, p_credit.id, -p_charge, p_credit.balance + p_amount - p_charge, p_credit.version + 2),
      (charge_transfer_id, p_fee.id, p_charge, p_fee.balance + p_charge, p_fee.version + 1);
  ELSE
    INSERT INTO ledger_transfers (id, idempotency_key, kind, debit_account_id, credit_account_id, amount, reference)
      VALUES (transfer_id, p_key, p_kind, p_debit.id, p_credit.id, p_amount, p_reference);
    UPDATE ledger_accounts a SET balance = a.balance + CASE WHEN a.id = p_debit.id THEN -p_amount ELSE p_amount END, version = a.version + 1
     WHERE a.id IN (p_debit.id, p_credit.id);
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, account_version) VALUES
      (transfer_id, p_debit.id, -p_amount, p_debit.balance - p_amount, p_debit.version + 1),
      (transfer_id, p_credit.id, p_amount, p_credit.balance + p_amount, p_credit.version + 1);
  END IF;
END;
$$;

-- 7. THE posting of a quote (migration 027's, same signature), with the cashback deduction posted
-- before the payment's own transfers (see inside). Everything else as before.
CREATE OR REPLACE FUNCTION merchant_pay(p_payer bigint, p_owner bigint, p_store bigint, p_serial text, p_binding bigint, p_method text,
                             p_cashier bigint, p_request_no text, p_amount bigint, p_charge bigint, p_payable bigint, p_adjustments jsonb,
                             OUT payment_id bigint, OUT voucher_no text, OUT transfer_id bigint, OUT available bigint, OUT created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_key text := p_payer || ':' || p_request_no;
  -- shard_hash(v_key), written out: as a function call it cost 56 µs a payment (not inlined from PL/pgSQL)
  v_digest bytea := sha256(convert_to(v_key, 'UTF8'));
  v_hash bigint := (get_byte(v_digest, 0)::bigint << 24) | (get_byte(v_digest, 1) << 16) | (get_byte(v_digest, 2) << 8) | get_byte(v_digest, 3);
  v_row record;
  v_shards integer;
  v_payer ledger_accounts%ROWTYPE;
  v_settlement ledger_accounts%ROWTYPE;
  v_fee ledger_accounts%ROWTYPE;
  v_limit text;
  v_posted record;
  v_deduction bigint;
  v_cashback ledger_accounts%ROWTYPE;
  v_could bigint;
BEGIN
  -- the payer and the owning merchant, in one statement
  SELECT pm.account_level, pm.verification_status = 'verified' AND pm.status = 'active' AS payer_verified, pa.id AS payer_account,
         o.member_id AS owner, o.settlement_shards
    INTO v_row FROM members pm
    LEFT JOIN ledger_accounts pa ON pa.member_id = pm.id AND pa.kind = 'available' AND pa.shard = 0
    LEFT JOIN merchants o ON o.id = p_owner AND o.parent_id IS NULL
   WHERE pm.id = p_payer;
  IF NOT FOUND OR NOT v_row.payer_verified THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10004'; END IF;
  IF v_row.owner IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'MCH10006'; END IF;
  -- the quote refuses it already; the posting refuses it too, whoever calls it (money round one's own merchant)
  IF v_row.owner = p_payer THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'MCH10014'; END IF;
  v_limit := spend_outgoing_limit(p_payer, v_row.account_level, p_payable);
  IF v_limit IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10003', DETAIL = v_limit; END IF;
  IF v_row.payer_account IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10001'; END IF;

  -- The settlement shard: the one the payment's key picks (shardFor in settlement.ts), or, when a
  -- concurrent payment holds it, the next free one round the ring (SKIP LOCKED): payments into one
  -- merchant never wait for each other while a shard is free. A shard is waited for only when all
  -- are busy (always, with one shard), and then the picked one, with no account of this payment
  -- held yet; so taking the shards before the payer's account closes no cycle of waits. The fee
  -- income shard the same way.
  v_shards := v_row.settlement_shards;
  SELECT * INTO v_settlement FROM ledger_accounts a
   WHERE a.member_id = v_row.owner AND a.kind = 'settlement' AND a.shard = v_hash % v_shards FOR NO KEY UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    SELECT * INTO v_settlement FROM ledger_accounts a WHERE a.member_id = v_row.owner AND a.kind = 'settlement'
     ORDER BY (a.shard - v_hash % v_shards + v_shards) % v_shards LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
      SELECT * INTO v_settlement FROM ledger_accounts a
       WHERE a.member_id = v_row.owner AND a.kind = 'settlement' AND a.shard = v_hash % v_shards FOR NO KEY UPDATE;
    END IF;
  END IF;
  IF p_charge > 0 THEN
    v_shards := fee_income_shards();
    SELECT * INTO v_fee FROM ledger_accounts a
     WHERE a.member_id IS NULL AND a.kind = 'fee_income' AND a.shard = v_hash % v_shards FOR NO KEY UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
      SELECT * INTO v_fee FROM ledger_accounts a WHERE a.member_id IS NULL AND a.kind = 'fee_income'
       ORDER BY (a.shard - v_hash % v_shards + v_shards) % v_shards LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
      IF NOT FOUND THEN
        SELECT * INTO v_fee FROM ledger_accounts a
         WHERE a.member_id IS NULL AND a.kind = 'fee_income' AND a.shard = v_hash % v_shards FOR NO KEY UPDATE;
      END IF;
    END IF;
  END IF;
  SELECT * INTO v_payer FROM ledger_accounts a WHERE a.id = v_row.payer_account FOR NO KEY UPDATE;

  payment_id := nextval('merchant_payments_id_seq');
  -- the voucher as the record's generated column writes it (server/ledger/numbers.ts), for the postings' reference
  voucher_no := 'MP' || lpad(payment_id::text, 14, '0');
  -- The part paid with cashback (migration 030), posted FIRST, from the payer's cashback account
  -- (locked after the payer's available account) to the settlement shard: the shard then holds
  -- payable + deduction before the merchant's charge (computed on both) leaves it. The account
  -- must still hold what the member was quoted, else PRM10001 (a concurrent payment spent it; the
  -- detail is the payable a new quote would give: the other bounds allowed the quoted deduction).
  IF p_adjustments <> '[]'::jsonb THEN
    SELECT sum((e ->> 'amount')::bigint) INTO v_deduction FROM jsonb_array_elements(p_adjustments) AS e WHERE e ->> 'kind' = 'cashbackDeduction';
    IF v_deduction > 0 THEN
      SELECT * INTO v_cashback FROM ledger_accounts a WHERE a.member_id = p_payer AND a.kind = 'cashback' AND a.shard = 0 FOR NO KEY UPDATE;
      IF v_cashback.id IS NULL OR v_cashback.balance < v_deduction THEN
        v_could := CASE WHEN coalesce(v_cashback.balance, 0) >= coalesce((SELECT d.min_amount FROM discount_policies d
                                                                                             WHERE d.id = (SELECT split_part(e ->> 'reference', ':', 2)::bigint FROM jsonb_array_elements(p_adjustments) AS e
                                                                                                            WHERE e ->> 'kind' = 'cashbackDeduction' LIMIT 1)), 1)
                        THEN least(v_deduction, v_cashback.balance) ELSE 0 END;
        RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10001', DETAIL = (p_payable + v_deduction - v_could)::text;
      END IF;
      PERFORM ledger_post('merchant_pay:' || v_key || ':cashbackDeduction', 'cashback_deduction', v_cashback.id, v_settlement.id, v_deduction, voucher_no);
      -- the shard as it is now, for the payment's posting (which writes its balance and version from this row)
      SELECT * INTO v_settlement FROM ledger_accounts a WHERE a.id = v_settlement.id;
    END IF;
  END IF;

  v_posted := ledger_post_with_charge('merchant_pay:' || v_key, 'merchant_pay', v_payer, v_settlement, p_payable, 'merchant_charge', v_fee, p_charge, voucher_no);
  IF v_posted.transfer_id IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10001'; END IF;
  transfer_id := v_posted.transfer_id;
  available := v_posted.debit_balance;
  INSERT INTO merchant_payments AS p (id, merchant_id, store_id, serial, binding_id, method, payer_id, cashier_id, amount, charge, request_no, transfer_id, settlement_shard)
    VALUES (payment_id, p_owner, p_store, p_serial, p_binding, p_method, p_payer, p_cashier, p_amount, p_charge, p_request_no, v_posted.transfer_id, v_settlement.shard)
    RETURNING p.created_at INTO created_at;
  IF p_adjustments <> '[]'::jsonb THEN
    PERFORM merchant_payment_apply(payment_id, 'merchant_pay:' || v_key, p_payer, p_owner, v_settlement.id, p_adjustments);
  END IF;
END;
$$;

-- 8. Scan to pay (migration 028's, same signature): its answer says what the cashback paid
-- (`cashbackPaid`) beside what left the available balance (`paid`, the quote's payable).
CREATE OR REPLACE FUNCTION scan_to_pay(p_member bigint, p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
                            p_serial text, p_amount bigint, p_payable bigint DEFAULT NULL, p_cashback bigint DEFAULT NULL)
RETURNS TABLE (code text, detail text, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_claim record;
  v_quote record;
  v_paid record;
  v_detail text;
  v_answer jsonb;
BEGIN
  SELECT * INTO v_claim FROM money_claim(p_member, p_request_no, 'pay/merchant/pay', p_payload_hash);
  IF NOT v_claim.claimed THEN
    IF NOT v_claim.same_payload THEN RETURN QUERY SELECT 'FND10002'::text, ''::text, NULL::jsonb; RETURN; END IF;
    RETURN QUERY SELECT coalesce(v_claim.refusal_code, 'S0001'), ''::text, v_claim.answer; RETURN;
  END IF;
  BEGIN
    IF NOT consume_pay_authorization(p_token_hash, p_member, p_purpose_hash) THEN
      RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10008';
    END IF;
    SELECT * INTO v_quote FROM merchant_code_quote(p_member, p_serial, p_amount);
    IF v_quote.refusal IS NULL AND v_quote.kind = 'dynamic' THEN
      -- the code's own row, locked before anything else (usage row, accounts), then quoted again: paid once
      PERFORM 1 FROM collection_codes c WHERE c.serial = p_serial FOR UPDATE;
      SELECT * INTO v_quote FROM merchant_code_quote(p_member, p_serial, p_amount);
    END IF;
    IF v_quote.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = v_quote.refusal; END IF;
    IF v_quote.payable <> coalesce(p_payable, v_quote.amount)
       OR (p_cashback IS NOT NULL AND p_cashback <> coalesce((SELECT sum((e ->> 'amount')::bigint) FROM jsonb_array_elements(v_quote.adjustments) AS e
                                                               WHERE e ->> 'kind' = 'cashback'), 0)) THEN
      RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10001', DETAIL = v_quote.payable::text;
    END IF;
    SELECT * INTO v_paid FROM merchant_pay(p_member, v_quote.owner_id, v_quote.store_id, p_serial, v_quote.binding_id, v_quote.method,
                                           CASE WHEN v_quote.kind = 'dynamic' THEN v_quote.created_by END, p_request_no,
                                           v_quote.amount, v_quote.charge, v_quote.payable, v_quote.adjustments);
    IF v_quote.kind = 'dynamic' THEN
      UPDATE collection_codes SET paid_payment_id = v_paid.payment_id WHERE serial = p_serial;
    END IF;
    v_answer := jsonb_build_object(
      'paymentId', v_paid.payment_id::text, 'voucherNo', v_paid.voucher_no, 'merchantName', v_quote.merchant_name, 'storeName', v_quote.store_name,
      'amount', v_quote.amount, 'paid', v_quote.payable,
      'cashback', coalesce((SELECT sum((e ->> 'amount')::bigint) FROM jsonb_array_elements(v_quote.adjustments) AS e WHERE e ->> 'kind' = 'cashback'), 0),
      'cashbackPaid', coalesce((SELECT sum((e ->> 'amount')::bigint) FROM jsonb_array_elements(v_quote.adjustments) AS e WHERE e ->> 'kind' = 'cashbackDeduction'), 0),
      'available', v_paid.available, 'at', to_char(v_paid.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  EXCEPTION WHEN SQLSTATE 'KW100' THEN
    PERFORM money_answer(p_member, p_request_no, NULL, SQLERRM);
    GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT SQLERRM, coalesce(v_detail, ''), NULL::jsonb;
    RETURN;
  END;
  PERFORM money_answer(p_member, p_request_no, v_answer, NULL);
  RETURN QUERY SELECT 'S0001'::text, ''::text, v_answer;
END;
$$;
