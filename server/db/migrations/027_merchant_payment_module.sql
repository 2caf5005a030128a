-- The merchant payment module's rules (server/merchantPayment/; server/ledger/README.md "Merchant
-- payments: quote and pay"). Every way of paying a merchant — a scanned static or dynamic code, a
-- cashier's charge on a member's payment code (at once or confirmed by the member) — is QUOTED by
-- one function and POSTED by one function with exactly the quote's figures:
--
--   payable_code            the one lookup of a payable code: which store and merchant a serial pays,
--                           whether it can be paid now (the refusal), the merchant's pricing
--   merchant_payment_quote  the one computation: the amount, the merchant's service charge, the
--                           promotions' adjustments (merchant_payment_adjustments, the extension
--                           point: none yet) and what the member pays
--   merchant_code_quote     a code's quote (the two above); merchant_charge_quote a charge's
--   merchant_pay            the posting of a quote (the payer's checks and limits, the two postings
--                           into a settlement shard and a fee income shard, the payment's record, the
--                           extensions' postings: merchant_payment_apply)
--   scan_to_pay             pay/merchant/pay whole, in one statement (as in migration 021)
--
-- The rules stay in SQL, one language, because scan to pay is one statement holding its locks for
-- its own length only: a quote computed in TypeScript would need the merchant's pricing read first,
-- a second round trip (server/ledger/README.md gives the measurement). The quote functions are
-- SQL-language and STABLE, so PostgreSQL inlines them into the statement that calls them: quoting
-- inside scan_to_pay costs what the inline lookup of migration 021 cost.

-- 1. THE lookup of a payable code: the store it pays into (a sticker through its active binding, a
-- store's own code, a cashier's dynamic code), that store's merchant, the owning merchant whose
-- settlement is credited and its pricing; and why it cannot be paid now, if it cannot: MCH10006
-- not one of ours, MCH10007 a sticker not bound, MCH10005 a closed store or merchant, MCH10009 a
-- dynamic code paid, MCH10008 one expired. Always one row. A caller that must pay a dynamic code
-- once locks its row (FOR UPDATE) and looks it up again: the second look sees the first payment.
CREATE FUNCTION payable_code(p_serial text)
RETURNS TABLE (refusal text, serial text, kind text, code_amount bigint, expires_at timestamptz, created_by bigint, binding_id bigint,
               store_id bigint, store_name text, merchant_name text, mcc text, owner_id bigint, owner_member_id bigint,
               charge_rate_bp integer, charge_cap bigint)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN c.serial IS NULL THEN 'MCH10006'
              WHEN st.id IS NULL THEN 'MCH10007'
              WHEN NOT (st.status = 'open' AND m.status = 'active' AND o.status = 'active') THEN 'MCH10005'
              WHEN c.kind = 'dynamic' AND c.paid_payment_id IS NOT NULL THEN 'MCH10009'
              WHEN c.kind = 'dynamic' AND c.expires_at <= now() THEN 'MCH10008' END,
         q.serial, c.kind, c.amount, c.expires_at, c.created_by, b.id, st.id, st.name, m.name, m.mcc, o.id, o.member_id,
         o.charge_rate_bp, o.charge_cap
    FROM (SELECT p_serial) AS q (serial)
    LEFT JOIN collection_codes c ON c.serial = q.serial
    LEFT JOIN code_bindings b ON c.kind = 'sticker' AND b.serial = c.serial AND b.unbound_at IS NULL
    LEFT JOIN stores st ON st.id = coalesce(b.store_id, c.store_id)
    LEFT JOIN merchants m ON m.id = st.merchant_id
    LEFT JOIN merchants o ON o.id = coalesce(m.parent_id, m.id)
$$;

-- 2. THE EXTENSION POINT (server/merchantPayment/extensions.ts says how a promotion joins): what the
-- promotions and earned draws give a payment being quoted — a JSON array of adjustments (each
-- {extension, kind, amount, reference}: the contract's paymentAdjustment) and the part of the amount
-- the member does not pay (discounts, coupons). None yet. A promotion's migration replaces this
-- function (same signature) and merchant_payment_apply below; while it stays SQL and STABLE it is
-- inlined into the quote like everything here.
CREATE FUNCTION merchant_payment_adjustments(p_payer bigint, p_owner bigint, p_store bigint, p_method text, p_amount bigint)
RETURNS TABLE (adjustments jsonb, discount bigint)
LANGUAGE sql STABLE AS $$
  SELECT '[]'::jsonb, 0::bigint
$$;

-- 3. THE quote: what a payment of p_amount by p_payer into store p_store of the owning merchant
-- p_owner (member p_owner_member, pricing p_charge_rate_bp and p_charge_cap) comes to. The
-- merchant's service charge is its rate of the amount, rounded up to the cêntimo, at most its cap;
-- the member pays the amount less the adjustments' discount. Paying one's own merchant is refused
-- (MCH10014). p_amount may be NULL (a static code before the member typed one): no figures then.
CREATE FUNCTION merchant_payment_quote(p_payer bigint, p_owner_member bigint, p_owner bigint, p_store bigint, p_method text, p_amount bigint,
                                       p_charge_rate_bp integer, p_charge_cap bigint)
RETURNS TABLE (refusal text, amount bigint, charge bigint, adjustments jsonb, payable bigint)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_owner_member = p_payer THEN 'MCH10014' END,
         p_amount,
         CASE WHEN p_charge_cap IS NOT NULL AND (p_amount * p_charge_rate_bp + 9999) / 10000 > p_charge_cap THEN p_charge_cap
              ELSE (p_amount * p_charge_rate_bp + 9999) / 10000 END,
         a.adjustments,
         p_amount - a.discount
    FROM merchant_payment_adjustments(p_payer, p_owner, p_store, p_method, p_amount) AS a
$$;

-- A scanned code's quote: the lookup and the quote, and MCH10011 for an amount that is not a dynamic
-- code's own (p_amount NULL: not checked). The refusal is the code's, else the amount's, else the quote's.
CREATE FUNCTION merchant_code_quote(p_payer bigint, p_serial text, p_amount bigint)
RETURNS TABLE (refusal text, serial text, kind text, method text, expires_at timestamptz, created_by bigint, binding_id bigint,
               store_id bigint, store_name text, merchant_name text, mcc text, owner_id bigint, owner_member_id bigint,
               amount bigint, charge bigint, adjustments jsonb, payable bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(c.refusal, CASE WHEN c.kind = 'dynamic' AND p_amount IS NOT NULL AND p_amount <> c.code_amount THEN 'MCH10011' END, q.refusal),
         c.serial, c.kind, CASE WHEN c.kind = 'dynamic' THEN 'dynamic' ELSE 'static' END, c.expires_at, c.created_by, c.binding_id,
         c.store_id, c.store_name, c.merchant_name, c.mcc, c.owner_id, c.owner_member_id,
         q.amount, q.charge, q.adjustments, q.payable
    FROM payable_code(p_serial) AS c
    CROSS JOIN LATERAL merchant_payment_quote(p_payer, c.owner_member_id, c.owner_id, c.store_id,
                                              CASE WHEN c.kind = 'dynamic' THEN 'dynamic' ELSE 'static' END,
                                              CASE WHEN c.kind = 'dynamic' THEN c.code_amount ELSE p_amount END,
                                              c.charge_rate_bp, c.charge_cap) AS q
$$;

-- A payment-code charge's quote, for the member it charges: MCH10013 not theirs or no longer
-- waiting, MCH10008 past its confirmation window, else the quote's refusal. The caller that pays it
-- locks the charge's row first (FOR UPDATE) and quotes after.
CREATE FUNCTION merchant_charge_quote(p_payer bigint, p_charge bigint)
RETURNS TABLE (refusal text, charge_id bigint, store_id bigint, store_name text, merchant_name text, mcc text, owner_id bigint,
               owner_member_id bigint, cashier_id bigint, expires_at timestamptz, amount bigint, charge bigint, adjustments jsonb, payable bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(CASE WHEN ch.id IS NULL OR ch.state <> 'awaitingConfirmation' THEN 'MCH10013'
                       WHEN ch.expires_at <= now() THEN 'MCH10008' END, q.refusal),
         ch.id, st.id, st.name, m.name, m.mcc, o.id, o.member_id, ch.cashier_id, ch.expires_at,
         q.amount, q.charge, q.adjustments, q.payable
    FROM (SELECT p_charge) AS k (id)
    LEFT JOIN payment_code_charges ch ON ch.id = k.id AND ch.member_id = p_payer
    LEFT JOIN stores st ON st.id = ch.store_id
    LEFT JOIN merchants m ON m.id = st.merchant_id
    LEFT JOIN merchants o ON o.id = coalesce(m.parent_id, m.id)
    CROSS JOIN LATERAL merchant_payment_quote(p_payer, o.member_id, o.id, st.id, 'paymentCode', ch.amount, o.charge_rate_bp, o.charge_cap) AS q
$$;

-- THE EXTENSION POINT's second half: what the promotions record and post for a payment, in its
-- transaction, after its own postings and record (p_settlement is the settlement shard it
-- credited, locked). Called only when the quote has adjustments; none yet, so never.
CREATE FUNCTION merchant_payment_apply(p_payment_id bigint, p_key text, p_payer bigint, p_owner bigint, p_settlement bigint, p_adjustments jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'merchant payment adjustments % are applied by no extension', p_adjustments USING ERRCODE = 'KW003';
END;
$$;

-- 4. THE posting of a quote: every way of paying a merchant ends here, in the caller's transaction,
-- after the caller has claimed its requestNo, spent the pay confirmation (or applied the password-
-- free rule), locked its own row (the dynamic code, the charge) and quoted: it posts the quote's
-- figures and nothing else. Steps: the payer (verified, FND10004), the payer's level limits on what
-- they pay (FND10003, the usage row locked first), the settlement and fee income shards (SKIP
-- LOCKED, migration 021), the payer's account, the postings (FND10001), the payment's record, the
-- extensions' postings. Refuses with SQLSTATE KW100 as migration 021's did.
DROP FUNCTION merchant_pay(bigint, bigint, bigint, text, bigint, text, bigint, bigint, text);
CREATE FUNCTION merchant_pay(p_payer bigint, p_owner bigint, p_store bigint, p_serial text, p_binding bigint, p_method text,
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

-- Scan to pay (`pay/merchant/pay`), whole, in one statement, as migration 021's but quoting through
-- the module: claim the requestNo (a replay answers what the first call answered; another payload
-- under it is FND10002), spend the pay confirmation for this payment (FND10008), quote the code
-- (merchant_code_quote: its refusals; a dynamic code's row locked and quoted again, so it is paid
-- once), post the quote (merchant_pay), mark a dynamic code paid, store the answer. A refusal is
-- stored as the answer too.
CREATE OR REPLACE FUNCTION scan_to_pay(p_member bigint, p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
                                       p_serial text, p_amount bigint)
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
    SELECT * INTO v_paid FROM merchant_pay(p_member, v_quote.owner_id, v_quote.store_id, p_serial, v_quote.binding_id, v_quote.method,
                                           CASE WHEN v_quote.kind = 'dynamic' THEN v_quote.created_by END, p_request_no,
                                           v_quote.amount, v_quote.charge, v_quote.payable, v_quote.adjustments);
    IF v_quote.kind = 'dynamic' THEN
      UPDATE collection_codes SET paid_payment_id = v_paid.payment_id WHERE serial = p_serial;
    END IF;
    v_answer := jsonb_build_object(
      'paymentId', v_paid.payment_id::text, 'voucherNo', v_paid.voucher_no, 'merchantName', v_quote.merchant_name, 'storeName', v_quote.store_name,
      'amount', v_quote.amount, 'available', v_paid.available, 'at', to_char(v_paid.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
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
