-- The confirmed split of a payment partly paid with cashback (migration 030's review):
-- 1. scan_to_pay takes p_cashback_paid, the part paid with cashback the member was quoted (NULL:
--    none, 0): payable alone is not the split — a discount paused between quote and pay can leave
--    payable unchanged (capped at price − discount − 1 cêntimo) and take more from cashback. Any
--    difference from the payment's own quote is PRM10001, nothing moved (requireQuoted makes the
--    same check for the payment-code confirmation and pay/groupPackage/buy). Its receipt leaves
--    `cashbackPaid` out when 0.
-- 2. merchant_pay refuses PRM10001 when the payer's cashback balance, locked, is below the
--    deduction's policy minimum (not only below the deduction): the policy would not apply.
-- 3. cashback_refunds.from_refund: the part of a clawback the payer's cashback account could not
--    give (spent already), taken from what the refund paid to the payer's available account
--    instead (server/merchantPayment/refund.ts). clawed_back counts it; the cashback_clawback
--    posting is of clawed_back − from_refund.

ALTER TABLE cashback_refunds ADD COLUMN from_refund bigint NOT NULL DEFAULT 0 CHECK (from_refund >= 0);
-- the posting settlement shard 0 → the funding account of from_refund, when the cashback was not funded by the settlement the refund pays from
ALTER TABLE cashback_refunds ADD COLUMN from_refund_transfer_id bigint;

-- 2. merchant_pay (migration 030's, same signature), the deduction's guard also on the policy minimum.
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
  v_minimum bigint;
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
      -- the policy's minimum balance, rechecked under the lock (migration 031): below it the policy does not apply
      v_minimum := coalesce((SELECT d.min_amount FROM discount_policies d
                              WHERE d.id = (SELECT split_part(e ->> 'reference', ':', 2)::bigint FROM jsonb_array_elements(p_adjustments) AS e
                                             WHERE e ->> 'kind' = 'cashbackDeduction' LIMIT 1)), 1);
      IF v_cashback.id IS NULL OR v_cashback.balance < v_deduction OR v_cashback.balance < v_minimum THEN
        v_could := CASE WHEN coalesce(v_cashback.balance, 0) >= v_minimum THEN least(v_deduction, v_cashback.balance) ELSE 0 END;
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


-- 1. Scan to pay (migration 030's) with p_cashback_paid: the part paid with cashback the member was
-- quoted (NULL: none). Both functions dropped and made again (one more argument).
DROP FUNCTION scan_to_pay_in_session(text, double precision, double precision, text, text, text, text, text, bigint, bigint, bigint);
DROP FUNCTION scan_to_pay(bigint, text, text, text, text, text, bigint, bigint, bigint);
CREATE FUNCTION scan_to_pay(p_member bigint, p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
                            p_serial text, p_amount bigint, p_payable bigint DEFAULT NULL, p_cashback bigint DEFAULT NULL,
                            p_cashback_paid bigint DEFAULT NULL)
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
                                                               WHERE e ->> 'kind' = 'cashback'), 0))
       OR coalesce(p_cashback_paid, 0) <> coalesce((SELECT sum((e ->> 'amount')::bigint) FROM jsonb_array_elements(v_quote.adjustments) AS e
                                                      WHERE e ->> 'kind' = 'cashbackDeduction'), 0) THEN
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
    -- what the cashback paid, only when it paid something
    v_answer := v_answer || coalesce((SELECT jsonb_build_object('cashbackPaid', sum((e ->> 'amount')::bigint)) FROM jsonb_array_elements(v_quote.adjustments) AS e
                                       WHERE e ->> 'kind' = 'cashbackDeduction' HAVING sum((e ->> 'amount')::bigint) > 0), '{}'::jsonb);
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
                                       p_serial text, p_amount bigint, p_payable bigint DEFAULT NULL, p_cashback bigint DEFAULT NULL,
                                       p_cashback_paid bigint DEFAULT NULL)
RETURNS TABLE (code text, detail text, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
BEGIN
  SELECT * INTO v_session FROM session_principal(p_session_hash, p_idle_seconds, p_granularity_seconds);
  IF NOT FOUND THEN RETURN QUERY SELECT 'AGW20001'::text, ''::text, NULL::jsonb; RETURN; END IF;
  IF v_session.audience <> 'member' THEN RETURN QUERY SELECT 'AGW10005'::text, ''::text, NULL::jsonb; RETURN; END IF;
  RETURN QUERY SELECT * FROM scan_to_pay(v_session.member_id, p_request_no, p_payload_hash, p_token_hash, p_purpose_hash, p_serial, p_amount,
                                         p_payable, p_cashback, p_cashback_paid);
END;
$$;
