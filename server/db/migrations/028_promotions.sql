-- Promotions at the till (issue 23): cashback policies, discount policies and coupons, joined to the
-- payment module at its one extension point (server/merchantPayment/extensions.ts) — the two hooks of
-- migration 027, replaced here with the same signatures — and paid inside the payment's transaction.
-- README "Promotions" and server/ledger/README.md "Promotions" say the rules in words.
--
-- STACKING (one order, computed once, in promotions_quote below):
--   1. the merchant's best active DISCOUNT policy (at most one) off the price;
--   2. the member's best claimed COUPON of this merchant (at most one) off what is left;
--   3. payable = price − discount − coupon, never below 1 cêntimo (the coupon, then the discount,
--      is cut so that it stays ≥ 1);
--   4. CASHBACK (at most one: the largest of the merchant's and the platform's policies that apply)
--      on payable, what the member really pays.
-- Discounts and coupons are funded by the merchant: the member pays less into the settlement, and no
-- posting moves (a platform-funded discount is not offered yet). The merchant's service charge is
-- computed on what the merchant receives, payable (merchant_payment_quote, replaced below). Cashback
-- is a posting after the payment: from the settlement shard the payment credited (the merchant's)
-- or from a marketing funding shard (the platform's) to the payer's cashback account.
--
-- NO HOT ROW: a campaign's budget (amount and count) and a coupon's stock are split into SLICES
-- (promotion_slices, promotion_slice_count() of them), taken like settlement shards: the slice the
-- payment's key picks, else the next free one round the ring, FOR NO KEY UPDATE SKIP LOCKED; only
-- when no free slice holds enough does a payment lock every slice (in slice order, waiting) and take
-- across them, so a budget is exhausted only when every slice is, and never exceeded by a cêntimo.
-- Per-member limits are one row per (promotion, member) (promotion_usage), updated with the limit
-- in its WHERE: the member's own row, never shared between members. The platform's marketing
-- funding is marketing_funding_shards() system accounts, like fee income.

-- 1. Marketing funding in shards (shard 0 is the `marketing_funding` account systemAccount() opens).
-- Allowed below zero: it mirrors what the platform spends on marketing out of its own money; the
-- campaigns' budgets bound it, not its balance.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_shard_kinds;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard_kinds CHECK (shard = 0 OR kind IN ('settlement', 'fee_income', 'marketing_funding'));
CREATE FUNCTION marketing_funding_shards() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 32 $$;
INSERT INTO ledger_accounts (code, kind, allow_negative, shard)
SELECT CASE WHEN s = 0 THEN 'marketing_funding' ELSE 'marketing_funding:' || s END, 'marketing_funding', true, s
  FROM generate_series(0, marketing_funding_shards() - 1) AS s
ON CONFLICT DO NOTHING;

-- How many slices a budget or a stock is split into.
CREATE FUNCTION promotion_slice_count() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 16 $$;

-- 2. Cashback policies (spec §3). merchant_id NULL: a platform policy, for every merchant (operators
-- create those, funded by the platform). ratio_bp in basis points of the amount paid (10000 = 100 %).
CREATE TABLE cashback_policies (
  id bigserial PRIMARY KEY,
  merchant_id bigint REFERENCES merchants(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  type text NOT NULL CHECK (type IN ('ratio', 'random')),
  ratio_bp integer CHECK (ratio_bp BETWEEN 1 AND 10000),
  min_cashback bigint NOT NULL DEFAULT 0 CHECK (min_cashback >= 0),
  max_cashback bigint CHECK (max_cashback > 0),
  -- the start (minimum) payment: what the member pays, after discounts, must reach it
  min_payment bigint NOT NULL DEFAULT 1 CHECK (min_payment > 0),
  -- per beneficiary: accumulated cashback and number of cashbacks
  member_amount_limit bigint CHECK (member_amount_limit > 0),
  member_count_limit integer CHECK (member_count_limit > 0),
  -- the campaign: accumulated cashback (the budget) and number of cashbacks, kept in slices
  budget_amount bigint CHECK (budget_amount > 0),
  budget_count integer CHECK (budget_count > 0),
  -- a specific member only
  member_id bigint REFERENCES members(id),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  funding text NOT NULL CHECK (funding IN ('settlement', 'platform')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (type <> 'ratio' OR ratio_bp IS NOT NULL),
  CHECK (type <> 'random' OR max_cashback IS NOT NULL),
  CHECK (max_cashback IS NULL OR max_cashback >= min_cashback),
  CHECK (merchant_id IS NOT NULL OR funding = 'platform')
);
CREATE INDEX cashback_policies_active ON cashback_policies (merchant_id) WHERE status = 'active';
CREATE INDEX cashback_policies_platform_active ON cashback_policies (id) WHERE status = 'active' AND merchant_id IS NULL;

-- 3. Discount policies (spec §3): a discount off the price at the merchant's stores. Type `random`:
-- ratio_bp of the price, kept within min … max, or (no ratio) a figure between min and max drawn
-- from the payment (promotions_draw). statistics: which limits count — none; the member's
-- accumulated amount or count (accumulation_limit); the member's plus the whole activity's amount
-- or count (accumulation_limit and activity_limit, the latter in slices). Funded by the merchant.
-- ('cashbackDeduction', paying part with the cashback balance, is a later issue's.)
CREATE TABLE discount_policies (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  type text NOT NULL CHECK (type IN ('random')),
  start_amount bigint NOT NULL DEFAULT 1 CHECK (start_amount > 0),
  min_amount bigint NOT NULL DEFAULT 1 CHECK (min_amount > 0),
  max_amount bigint NOT NULL CHECK (max_amount > 0),
  ratio_bp integer CHECK (ratio_bp BETWEEN 1 AND 10000),
  statistics text NOT NULL DEFAULT 'none'
    CHECK (statistics IN ('none', 'personalAmount', 'personalCount', 'personalBusinessAmount', 'personalBusinessCount')),
  accumulation_limit bigint CHECK (accumulation_limit > 0),
  activity_limit bigint CHECK (activity_limit > 0),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  funding text NOT NULL DEFAULT 'settlement' CHECK (funding = 'settlement'),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (max_amount >= min_amount),
  CHECK (statistics = 'none' OR accumulation_limit IS NOT NULL),
  CHECK (statistics NOT IN ('personalBusinessAmount', 'personalBusinessCount') OR activity_limit IS NOT NULL)
);
CREATE INDEX discount_policies_active ON discount_policies (merchant_id) WHERE status = 'active';

-- 4. Coupons (spec §3): type 1 a fixed amount off (threshold optional), 2 spend `threshold` get
-- `amount_off` off, 4 percent_bp off (at most max_off, threshold optional); target 1 every member,
-- 2 new (no earlier payment at this merchant), 3 returning; validity; `stock` uses, in slices.
-- A member claims a coupon once (member_coupons) and it is used by one payment; claiming takes no
-- stock: the stock counts uses, so a claimed coupon may find the stock gone at the till.
CREATE TABLE coupons (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  type smallint NOT NULL CHECK (type IN (1, 2, 4)),
  amount_off bigint CHECK (amount_off > 0),
  threshold bigint CHECK (threshold > 0),
  percent_bp integer CHECK (percent_bp BETWEEN 1 AND 10000),
  max_off bigint CHECK (max_off > 0),
  target smallint NOT NULL DEFAULT 1 CHECK (target IN (1, 2, 3)),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  stock integer NOT NULL CHECK (stock > 0),
  -- an auto coupon: granted (into the member's coupons) by a payment of at least auto_threshold,
  -- counted on the price before discounts (preDiscount) or on what the member paid (paid)
  auto_threshold bigint CHECK (auto_threshold > 0),
  auto_basis text CHECK (auto_basis IN ('preDiscount', 'paid')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK ((auto_threshold IS NULL) = (auto_basis IS NULL)),
  CHECK (type <> 1 OR amount_off IS NOT NULL),
  CHECK (type <> 2 OR (amount_off IS NOT NULL AND threshold IS NOT NULL AND threshold > amount_off)),
  CHECK (type <> 4 OR percent_bp IS NOT NULL)
);
CREATE INDEX coupons_auto ON coupons (merchant_id) WHERE status = 'active' AND auto_threshold IS NOT NULL;
CREATE TABLE member_coupons (
  id bigserial PRIMARY KEY,
  coupon_id bigint NOT NULL REFERENCES coupons(id),
  member_id bigint NOT NULL REFERENCES members(id),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  used_payment_id bigint,
  used_at timestamptz,
  UNIQUE (coupon_id, member_id)
);
CREATE INDEX member_coupons_unused ON member_coupons (member_id) WHERE used_payment_id IS NULL;

-- 5. Budgets and stocks in slices: kind cashback (a policy's budget_amount / budget_count), discount
-- (a policy's activity_limit: amount or count by its statistics) or coupon (its stock, a count).
-- NULL in a dimension the promotion does not limit.
CREATE TABLE promotion_slices (
  kind text NOT NULL CHECK (kind IN ('cashback', 'discount', 'coupon')),
  policy_id bigint NOT NULL,
  slice integer NOT NULL,
  amount_left bigint CHECK (amount_left >= 0),
  count_left bigint CHECK (count_left >= 0),
  PRIMARY KEY (kind, policy_id, slice)
);

-- A budget split into the slices: an equal share each, the remainder to the first ones.
CREATE FUNCTION promotion_open_slices(p_kind text, p_policy bigint, p_amount bigint, p_count bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO promotion_slices (kind, policy_id, slice, amount_left, count_left)
  SELECT p_kind, p_policy, s,
         p_amount / promotion_slice_count() + CASE WHEN s < p_amount % promotion_slice_count() THEN 1 ELSE 0 END,
         p_count / promotion_slice_count() + CASE WHEN s < p_count % promotion_slice_count() THEN 1 ELSE 0 END
    FROM generate_series(0, promotion_slice_count() - 1) AS s
$$;

-- Per member: what a member has had of a promotion (cashback or discount), its amount and count —
-- kept where something reads it: a per-member limit, a discount's statistics, a drawn (random) figure
-- (which changes with the count). A ratio policy without any of them keeps no row: a write less.
CREATE TABLE promotion_usage (
  kind text NOT NULL CHECK (kind IN ('cashback', 'discount')),
  policy_id bigint NOT NULL,
  member_id bigint NOT NULL,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  count integer NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (kind, policy_id, member_id)
);

-- What each promotion gave each payment (a discount, a coupon, a cashback): the campaigns' sums.
CREATE TABLE payment_promotions (
  payment_id bigint NOT NULL,
  extension text NOT NULL CHECK (extension IN ('discount', 'coupon', 'cashback')),
  -- the discount policy, the coupon (not the member's coupon) or the cashback policy
  policy_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (payment_id, extension)
);
CREATE INDEX payment_promotions_policy ON payment_promotions (extension, policy_id);

-- The part of the price the member did not pay (discount + coupon, funded by the merchant): the
-- payment's ledger transfer is amount − discount, and refunds give back at most that.
ALTER TABLE merchant_payments ADD COLUMN discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0);
ALTER TABLE merchant_payments ADD CONSTRAINT merchant_payments_discount_below_amount CHECK (discount < amount);

-- 6. Cashback records (spec §3), one per cashback given; its refunds (spec §4: success, failed,
-- abnormal) in cashback_refunds.
CREATE TABLE cashback_records (
  id bigserial PRIMARY KEY,
  -- the cashback's transaction number
  transaction_no text GENERATED ALWAYS AS ('CB' || lpad(id::text, 14, '0')) STORED,
  payment_id bigint NOT NULL UNIQUE,
  -- the payment's voucher (MP…)
  trade_voucher_no text NOT NULL,
  -- no foreign key: its check would KEY SHARE-lock the policy's row from every payment that gets its
  -- cashback (the hot row again, migration 021); the ledger check matches records with policies
  policy_id bigint NOT NULL,
  -- what the member paid (after discounts)
  consumer_amount bigint NOT NULL CHECK (consumer_amount > 0),
  cashback_amount bigint NOT NULL CHECK (cashback_amount > 0),
  contributing_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  beneficiary_member_id bigint NOT NULL REFERENCES members(id),
  beneficiary_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  beneficiary_role text NOT NULL DEFAULT 'payer' CHECK (beneficiary_role IN ('payer')),
  reason text NOT NULL DEFAULT 'merchantPayment',
  transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  status text NOT NULL DEFAULT 'success' CHECK (status IN ('success')),
  -- the latest refund of the payment that clawed it back: its number, voucher and state
  refund_transaction_no text,
  refund_voucher_no text,
  refund_status text CHECK (refund_status IN ('success', 'failed', 'abnormal')),
  -- due: what the refunds asked back (in proportion); clawed_back: what the cashback account gave
  clawback_due bigint NOT NULL DEFAULT 0 CHECK (clawback_due >= 0),
  clawed_back bigint NOT NULL DEFAULT 0 CHECK (clawed_back >= 0 AND clawed_back <= clawback_due AND clawback_due <= cashback_amount),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashback_records_member ON cashback_records (beneficiary_member_id, created_at DESC);
CREATE INDEX cashback_records_policy ON cashback_records (policy_id);
CREATE TABLE cashback_refunds (
  id bigserial PRIMARY KEY,
  cashback_id bigint NOT NULL REFERENCES cashback_records(id),
  refund_id bigint NOT NULL,
  due bigint NOT NULL CHECK (due >= 0),
  clawed_back bigint NOT NULL CHECK (clawed_back >= 0 AND clawed_back <= due),
  status text NOT NULL CHECK (status IN ('success', 'failed', 'abnormal')),
  transfer_id bigint REFERENCES ledger_transfers(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cashback_id, refund_id)
);

-- 7. The draw of a `random` figure between p_min and p_max, the same for the quote and the payment:
-- from the promotion, the member, how many times they had it, and the amount (no volatile random(),
-- which the STABLE quote may not call and which would post another figure than it showed).
CREATE FUNCTION promotions_draw(p_what text, p_policy bigint, p_member bigint, p_uses integer, p_amount bigint, p_min bigint, p_max bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT p_min + shard_hash(p_what || ':' || p_policy || ':' || p_member || ':' || p_uses || ':' || p_amount) % (p_max - p_min + 1)
$$;

-- 8. THE computation of a payment's promotions (stacking above): the adjustments the quote answers
-- and the discount off the price. STABLE: it runs for the screen's quote too, where nothing is
-- written. A budget or a stock counts here as what its slices hold now; the payment takes it for
-- real (merchant_payment_apply) and refuses when it is gone meanwhile.
-- The four flags say which kinds the guards in front of it found (merchant_payment_adjustments):
-- a part whose flag is false is not looked for (a query less per kind absent).
CREATE FUNCTION promotions_quote(p_payer bigint, p_owner bigint, p_amount bigint, p_discounts boolean, p_coupons boolean, p_cashbacks boolean,
                                 p_auto_coupons boolean, OUT adjustments jsonb, OUT discount bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_rest bigint;
  v_best record;
  v_cashback record;
BEGIN
  adjustments := '[]'::jsonb;
  discount := 0;
  IF p_amount IS NULL OR p_amount <= 0 THEN RETURN; END IF;

  -- 1. the best discount policy of the merchant
  IF p_discounts THEN
    SELECT d.id, least(p_amount - 1, CASE WHEN d.ratio_bp IS NOT NULL THEN least(d.max_amount, greatest(d.min_amount, p_amount * d.ratio_bp / 10000))
                                          ELSE promotions_draw('discount', d.id, p_payer, coalesce(u.count, 0), p_amount, d.min_amount, d.max_amount) END) AS off,
           d.statistics, d.accumulation_limit, d.activity_limit, u.amount AS used_amount, u.count AS used_count
      INTO v_best
      FROM discount_policies d
      LEFT JOIN promotion_usage u ON u.kind = 'discount' AND u.policy_id = d.id AND u.member_id = p_payer
     WHERE d.merchant_id = p_owner AND d.status = 'active' AND d.starts_at <= now() AND (d.ends_at IS NULL OR d.ends_at > now())
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
      -- an amount limit lowers the discount to what is left of it (the member's, then the activity's)
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
       -- an amount off applies only where all of it fits (at least 1 cêntimo still paid): a coupon is never spent for less than it gives
       AND (c.type = 4 OR c.amount_off <= v_rest - 1)
       AND (c.target = 1 OR (c.target = 2) = (NOT EXISTS (SELECT 1 FROM merchant_payments p WHERE p.payer_id = p_payer AND p.merchant_id = p_owner)))
       AND EXISTS (SELECT 1 FROM promotion_slices s WHERE s.kind = 'coupon' AND s.policy_id = c.id AND s.count_left > 0)
     ORDER BY 2 DESC, mc.id LIMIT 1;
    IF FOUND AND v_best.off > 0 THEN
      adjustments := adjustments || jsonb_build_object('extension', 'coupon', 'kind', 'coupon', 'amount', v_best.off, 'reference', 'coupon:' || v_best.id);
      discount := discount + v_best.off;
    END IF;
  END IF;

  -- 3. the largest cashback on what the member pays, of the merchant's and the platform's policies
  IF p_cashbacks THEN
    v_rest := p_amount - discount;
    -- never more than what the member pays (a least cashback above a small payment is cut to it)
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
      -- what is left of the member's amount limit and of the budget lowers it
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

  -- 4. an auto coupon this payment earns (one: the first made), granted into the member's coupons:
  -- an adjustment of amount 0 whose reference is grant:<coupon id>
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

-- THE EXTENSION POINT, first half (migration 027's, same signature): the promotions' quote. Five
-- index probes say which kinds of promotion there are for this payment (the merchant's active
-- discount policies, the member's unused coupons, the merchant's or the platform's active cashback
-- policies, the merchant's auto coupons), in a subquery of their own (OFFSET 0: not flattened when
-- this is inlined), filtered before promotions_quote is joined: a payment into a merchant without any
-- promotion (by a member without an unused coupon) never calls the PL/pgSQL function (EXPLAIN:
-- never executed), and one with some looks only for the kinds found. Still SQL and STABLE, so it is
-- inlined into the quote as migration 027's was.
CREATE OR REPLACE FUNCTION merchant_payment_adjustments(p_payer bigint, p_owner bigint, p_store bigint, p_method text, p_amount bigint)
RETURNS TABLE (adjustments jsonb, discount bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(q.adjustments, '[]'::jsonb), coalesce(q.discount, 0::bigint)
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT x.adjustments, x.discount
        FROM (SELECT EXISTS (SELECT 1 FROM discount_policies d WHERE d.status = 'active' AND d.merchant_id = p_owner) AS discounts,
                     EXISTS (SELECT 1 FROM member_coupons mc WHERE mc.member_id = p_payer AND mc.used_payment_id IS NULL) AS coupons,
                     EXISTS (SELECT 1 FROM cashback_policies c WHERE c.status = 'active' AND c.merchant_id = p_owner)
                       OR EXISTS (SELECT 1 FROM cashback_policies c WHERE c.status = 'active' AND c.merchant_id IS NULL) AS cashbacks,
                     EXISTS (SELECT 1 FROM coupons k WHERE k.status = 'active' AND k.auto_threshold IS NOT NULL AND k.merchant_id = p_owner) AS auto_coupons
               OFFSET 0) AS found
       CROSS JOIN LATERAL promotions_quote(p_payer, p_owner, p_amount, found.discounts, found.coupons, found.cashbacks, found.auto_coupons) AS x
       WHERE p_amount IS NOT NULL AND (found.discounts OR found.coupons OR found.cashbacks OR found.auto_coupons)
      OFFSET 0) AS q ON true
$$;

-- The quote (migration 027's, same signature), with the merchant's charge on what the merchant
-- receives: the price less the discount it funds (payable).
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
    FROM merchant_payment_adjustments(p_payer, p_owner, p_store, p_method, p_amount) AS a
$$;

-- 9. Taking from a budget or a stock in slices: p_amount cêntimos (0: the amount is not limited) and
-- p_count uses (0: not limited) of promotion (p_kind, p_policy). The slice p_hash picks, else the
-- next free one round the ring holding enough (SKIP LOCKED: never waits); when none is free and
-- holding enough, every slice is locked in slice order (waiting) and the need is taken across them.
-- false when the slices together no longer hold it: exhausted only when every slice is.
CREATE FUNCTION promotion_take(p_kind text, p_policy bigint, p_amount bigint, p_count integer, p_hash bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := promotion_slice_count();
  v_start integer := (p_hash % promotion_slice_count())::integer;
  v_slice integer;
  v_amount bigint;
  v_count bigint;
BEGIN
  SELECT s.slice INTO v_slice FROM promotion_slices s
   WHERE s.kind = p_kind AND s.policy_id = p_policy AND (p_amount = 0 OR s.amount_left >= p_amount) AND (p_count = 0 OR s.count_left >= p_count)
   ORDER BY (s.slice - v_start + v_n) % v_n LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE promotion_slices s SET amount_left = s.amount_left - p_amount, count_left = s.count_left - p_count
     WHERE s.kind = p_kind AND s.policy_id = p_policy AND s.slice = v_slice;
    RETURN true;
  END IF;
  -- the slow path, near exhaustion: every slice, in order
  PERFORM 1 FROM promotion_slices s WHERE s.kind = p_kind AND s.policy_id = p_policy ORDER BY s.slice FOR NO KEY UPDATE;
  SELECT coalesce(sum(s.amount_left), 0), coalesce(sum(s.count_left), 0) INTO v_amount, v_count
    FROM promotion_slices s WHERE s.kind = p_kind AND s.policy_id = p_policy;
  IF (p_amount > 0 AND v_amount < p_amount) OR (p_count > 0 AND v_count < p_count) THEN RETURN false; END IF;
  IF p_amount > 0 THEN
    -- each slice gives what it holds of what the slices before it did not cover
    UPDATE promotion_slices s SET amount_left = s.amount_left - least(s.amount_left, greatest(0, p_amount - o.before))
      FROM (SELECT x.slice, coalesce(sum(x.amount_left) OVER (ORDER BY x.slice ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
              FROM promotion_slices x WHERE x.kind = p_kind AND x.policy_id = p_policy) AS o
     WHERE s.kind = p_kind AND s.policy_id = p_policy AND s.slice = o.slice AND o.before < p_amount;
  END IF;
  IF p_count > 0 THEN
    UPDATE promotion_slices s SET count_left = s.count_left - least(s.count_left, greatest(0, p_count - o.before))
      FROM (SELECT x.slice, coalesce(sum(x.count_left) OVER (ORDER BY x.slice ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
              FROM promotion_slices x WHERE x.kind = p_kind AND x.policy_id = p_policy) AS o
     WHERE s.kind = p_kind AND s.policy_id = p_policy AND s.slice = o.slice AND o.before < p_count;
  END IF;
  RETURN true;
END;
$$;

-- A member's use of a promotion counted on their own row, the limits in the update's WHERE: false
-- when this use would pass one (NULL: no limit).
CREATE FUNCTION promotion_count_use(p_kind text, p_policy bigint, p_member bigint, p_amount bigint, p_amount_limit bigint, p_count_limit bigint)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount_limit IS NOT NULL AND p_amount > p_amount_limit THEN RETURN false; END IF;
  INSERT INTO promotion_usage AS u (kind, policy_id, member_id, amount, count) VALUES (p_kind, p_policy, p_member, p_amount, 1)
  ON CONFLICT (kind, policy_id, member_id) DO UPDATE SET amount = u.amount + EXCLUDED.amount, count = u.count + 1
   WHERE (p_amount_limit IS NULL OR u.amount + EXCLUDED.amount <= p_amount_limit) AND (p_count_limit IS NULL OR u.count + 1 <= p_count_limit);
  RETURN FOUND;
END;
$$;

-- THE EXTENSION POINT, second half (migration 027's, same signature): in the payment's transaction,
-- after its postings and record, each adjustment of the quote is taken for real, in the quote's order
-- (discount, coupon, cashback) — the member's limit (their row), the campaign's budget or the stock
-- (slices), the coupon marked used — and the cashback posted; a use that no longer fits refuses the
-- whole payment (KW100): PRM10004 a member's limit, PRM10003 a budget, PRM10002 a coupon's stock,
-- PRM10005 a coupon used meanwhile, PRM10006 a settlement shard short of the cashback it funds.
-- Keys derive from the payment's: <key>:cashback.
CREATE OR REPLACE FUNCTION merchant_payment_apply(p_payment_id bigint, p_key text, p_payer bigint, p_owner bigint, p_settlement bigint, p_adjustments jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_adjustment jsonb;
  v_amount bigint;
  v_id bigint;
  v_hash bigint := shard_hash(p_key);
  v_discount bigint := 0;
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
      -- the member's own row counts what a limit or a drawn figure needs (a ratio without limits needs none)
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
        -- an auto coupon earned: into the member's coupons (once; its stock is taken when it is used)
        INSERT INTO member_coupons (coupon_id, member_id) VALUES (v_id, p_payer) ON CONFLICT (coupon_id, member_id) DO NOTHING;
        CONTINUE;
      END IF;
      UPDATE member_coupons SET used_payment_id = p_payment_id, used_at = now()
       WHERE id = v_id AND member_id = p_payer AND used_payment_id IS NULL RETURNING coupon_id INTO v_coupon;
      IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10005'; END IF;
      IF NOT promotion_take('coupon', v_coupon, 0, 1, v_hash) THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10002'; END IF;
      INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) VALUES (p_payment_id, 'coupon', v_coupon, v_amount);
      v_discount := v_discount + v_amount;
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
        -- the settlement shard this payment credited, locked by merchant_pay
        SELECT * INTO v_from FROM ledger_accounts WHERE id = p_settlement;
        IF v_from.balance < v_amount THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'PRM10006'; END IF;
      ELSE
        -- a marketing funding shard, picked as merchant_pay picks a fee income shard
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
      SELECT p.amount - p.discount, p.voucher_no INTO v_paid, v_voucher FROM merchant_payments p WHERE p.id = p_payment_id;
      v_paid := v_paid - v_discount;
      SELECT * INTO v_posted FROM ledger_post(p_key || ':cashback', 'cashback', v_from.id, v_to, v_amount, v_voucher);
      INSERT INTO cashback_records (payment_id, trade_voucher_no, policy_id, consumer_amount, cashback_amount, contributing_account_id,
                                    beneficiary_member_id, beneficiary_account_id, transfer_id)
        VALUES (p_payment_id, v_voucher, v_id, v_paid, v_amount, v_from.id, p_payer, v_to, v_posted.transfer_id);
      INSERT INTO payment_promotions (payment_id, extension, policy_id, amount) VALUES (p_payment_id, 'cashback', v_id, v_amount);
    ELSE
      RAISE EXCEPTION 'payment adjustment % of no extension', v_adjustment USING ERRCODE = 'KW003';
    END CASE;
  END LOOP;
  IF v_discount > 0 THEN
    UPDATE merchant_payments SET discount = v_discount WHERE id = p_payment_id;
  END IF;
END;
$$;

-- 10. Scan to pay (migration 027's) with what the member was quoted: p_payable, what the screen
-- showed they would pay (NULL: a client that showed no quote expects the price), and p_cashback, the
-- cashback it showed (NULL: not checked). When the quote made in the payment's transaction says
-- otherwise (a budget, a stock or a limit ran out, a policy started or ended meanwhile) the payment
-- is refused with PRM10001 and the new payable as the detail, and the member is quoted again: a
-- member is never charged another amount than the one they confirmed.
DROP FUNCTION scan_to_pay_in_session(text, double precision, double precision, text, text, text, text, text, bigint);
DROP FUNCTION scan_to_pay(bigint, text, text, text, text, text, bigint);
CREATE FUNCTION scan_to_pay(p_member bigint, p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
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

CREATE FUNCTION scan_to_pay_in_session(p_session_hash text, p_idle_seconds double precision, p_granularity_seconds double precision,
                                       p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
                                       p_serial text, p_amount bigint, p_payable bigint DEFAULT NULL, p_cashback bigint DEFAULT NULL)
RETURNS TABLE (code text, detail text, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
BEGIN
  SELECT * INTO v_session FROM session_principal(p_session_hash, p_idle_seconds, p_granularity_seconds);
  IF NOT FOUND THEN RETURN QUERY SELECT 'AGW20001'::text, ''::text, NULL::jsonb; RETURN; END IF;
  IF v_session.audience <> 'member' THEN RETURN QUERY SELECT 'AGW10005'::text, ''::text, NULL::jsonb; RETURN; END IF;
  RETURN QUERY SELECT * FROM scan_to_pay(v_session.member_id, p_request_no, p_payload_hash, p_token_hash, p_purpose_hash, p_serial, p_amount, p_payable, p_cashback);
END;
$$;
