-- Group purchases (issue 24, server side): a merchant's GROUP PACKAGES for a store (a name, content
-- lines, a group price below the normal price, a stock, a validity), bought by members as a MERCHANT
-- PAYMENT through the payment module (server/merchantPayment/: the one quote, the one posting), each
-- purchase giving one VOUCHER the member shows at the till and a clerk or the owner redeems once; an
-- unused voucher past its end is refunded by a job through the refund path. README "Group purchases"
-- and server/ledger/README.md "Group purchases" say the rules in words.
--
-- HOW BUYING JOINS THE PAYMENT PATH: a package is a fourth way of paying a merchant, method
-- 'groupPackage', beside a static code, a dynamic code and a payment-code charge:
--   group_package_quote   the package's quote: what it refuses for (unknown, not on sale, sold
--                         out, a closed store) and merchant_payment_quote's figures with the group
--                         price as the amount — so the promotions (extensions.ts) apply to it as to
--                         any payment, and the charge is the merchant's as for any payment;
--   buying (pay.ts, payGroupPackage, in the member's money call): the stock taken from the
--                         package's slices first (the call's own row, as a dynamic code's is
--                         locked first), then merchant_pay with the quote's figures (the same
--                         posting, record, limits and promotions' apply as every payment), then the
--                         voucher written, all in the one transaction of the money call.
-- So records, refunds, alerts, analysis and the ledger check see a package's payment as any other.
--
-- NO HOT ROW: the stock is kept in promotion_slices (kind 'groupPackage', the coupons' way, migration
-- 028: promotion_take, SKIP LOCKED, exhausted only when every slice is); vouchers name their package
-- and payment without foreign keys (a key check would KEY SHARE-lock the package's row from every
-- purchase: migration 021's reasoning), and the ledger check matches them instead.

-- 1. The stock's slices and the payment's method.
ALTER TABLE promotion_slices DROP CONSTRAINT promotion_slices_kind_check;
ALTER TABLE promotion_slices ADD CONSTRAINT promotion_slices_kind_check CHECK (kind IN ('cashback', 'discount', 'coupon', 'groupPackage'));
ALTER TABLE merchant_payments DROP CONSTRAINT merchant_payments_method_check;
ALTER TABLE merchant_payments ADD CONSTRAINT merchant_payments_method_check CHECK (method IN ('static', 'dynamic', 'paymentCode', 'groupPackage'));

-- 2. Group packages (spec §3 "group packages with content and expiry"). merchant_id is the OWNING
-- merchant (its settlement is credited; its clerks and owner redeem), store_id the store it is sold
-- for (its own or a sub-merchant's). On sale while active and starts_at <= now() < ends_at and the
-- store open; vouchers expire at ends_at. Paused: not sold, vouchers still good. Ended (final): not
-- sold again, vouchers still good until ends_at (they were paid for).
CREATE TABLE group_packages (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  store_id bigint NOT NULL REFERENCES stores(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- what the package holds, one line each ("2 pizzas grandes", "1 refrigerante 1,5 l")
  content text[] NOT NULL CHECK (cardinality(content) BETWEEN 1 AND 20),
  group_price bigint NOT NULL CHECK (group_price > 0),
  normal_price bigint NOT NULL,
  stock integer NOT NULL CHECK (stock > 0),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  photo_file_id uuid REFERENCES uploaded_files(id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (group_price < normal_price),
  CHECK (ends_at > starts_at)
);
CREATE INDEX group_packages_merchant ON group_packages (merchant_id, created_at DESC, id DESC);
CREATE INDEX group_packages_store_active ON group_packages (store_id) WHERE status = 'active';

-- 3. Vouchers: one per purchase (payment_id unique). `code` is what the member's QR carries and a
-- clerk types when the camera fails: 'GV' + 20 digits from a CSPRNG (about 66 bits: not guessable).
-- States: unused → redeemed (at the till, once) | refunded (the expiry job, or the merchant's whole
-- refund of its payment) ; unused → expired (past expires_at and its refund refused for now: the job
-- tries again at refund_next_at; a later success makes it refunded). An unused voucher past its end is
-- shown as expired whatever the row says (computed on read).
CREATE TABLE group_vouchers (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^GV[0-9]{20}$'),
  -- no foreign keys to the package and the payment: see the head of this file
  package_id bigint NOT NULL,
  payment_id bigint NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  state text NOT NULL DEFAULT 'unused' CHECK (state IN ('unused', 'redeemed', 'expired', 'refunded')),
  expires_at timestamptz NOT NULL,
  redeemed_at timestamptz,
  -- who redeemed it (the clerk or the owner at the till) and at which store of the package's merchant
  redeemed_by bigint REFERENCES members(id),
  redeemed_store_id bigint REFERENCES stores(id),
  -- the refund that refunded it (merchant_refunds.id)
  refund_id bigint,
  -- the expiry job's tries: how many refused, the last refusal, when to try again (NULL: when due)
  refund_attempts integer NOT NULL DEFAULT 0,
  refund_refusal text,
  refund_next_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'redeemed') = (redeemed_at IS NOT NULL AND redeemed_by IS NOT NULL AND redeemed_store_id IS NOT NULL)),
  CHECK (state <> 'refunded' OR refund_id IS NOT NULL)
);
CREATE INDEX group_vouchers_member ON group_vouchers (member_id, id DESC);
CREATE INDEX group_vouchers_package ON group_vouchers (package_id);
-- the expiry job's queue: only vouchers that may still need a refund
CREATE INDEX group_vouchers_due ON group_vouchers (expires_at) WHERE state IN ('unused', 'expired');

-- 4. A package's quote for p_payer: GRP10006 no such package, MCH10005 its store or merchant closed,
-- GRP10007 not on sale now (paused, ended, not started, past its end), GRP10008 sold out (its slices
-- hold nothing), else merchant_payment_quote's (MCH10014 one's own merchant) with the group price as
-- the amount and method 'groupPackage'. STABLE and SQL, like migration 027's quotes: the screen's
-- quote and the purchase's are this one function. The stock seen here is what the slices hold now;
-- the purchase takes it for real (promotion_take) and is refused GRP10008 when it is gone meanwhile.
CREATE FUNCTION group_package_quote(p_payer bigint, p_package bigint)
RETURNS TABLE (refusal text, package_id bigint, package_name text, expires_at timestamptz, store_id bigint, store_name text, merchant_name text, mcc text,
               owner_id bigint, owner_member_id bigint, amount bigint, charge bigint, adjustments jsonb, payable bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(CASE WHEN g.id IS NULL THEN 'GRP10006'
                       WHEN NOT (st.status = 'open' AND m.status = 'active' AND o.status = 'active') THEN 'MCH10005'
                       WHEN g.status <> 'active' OR g.starts_at > now() OR g.ends_at <= now() THEN 'GRP10007'
                       WHEN coalesce((SELECT sum(s.count_left) FROM promotion_slices s WHERE s.kind = 'groupPackage' AND s.policy_id = g.id), 0) = 0
                         THEN 'GRP10008' END,
                  q.refusal),
         g.id, g.name, g.ends_at, st.id, st.name, m.name, m.mcc, o.id, o.member_id, q.amount, q.charge, q.adjustments, q.payable
    FROM (SELECT p_package) AS k (id)
    LEFT JOIN group_packages g ON g.id = k.id
    LEFT JOIN stores st ON st.id = g.store_id
    LEFT JOIN merchants m ON m.id = st.merchant_id
    LEFT JOIN merchants o ON o.id = coalesce(m.parent_id, m.id)
    CROSS JOIN LATERAL merchant_payment_quote(p_payer, o.member_id, o.id, st.id, 'groupPackage', g.group_price, o.charge_rate_bp, o.charge_cap) AS q
$$;
