-- The money path's rules as SQL functions, so that a payment is one round trip to the database
-- (measured: the gateway's time went to socket writes, one per statement). The TypeScript domains
-- call the same functions, so each rule has one implementation.

-- "Ana Maria Demo" → "Ana M*** D***": enough for a payer to recognise the person they mean.
CREATE FUNCTION mask_name(p_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(CASE WHEN n = 1 THEN part ELSE left(part, 1) || '***' END, ' ' ORDER BY n)
    FROM unnest(regexp_split_to_array(btrim(p_name), '\s+')) WITH ORDINALITY AS t(part, n)
$$;

-- Claims (member, requestNo) for a money call; a replay gets what the first call stored.
CREATE FUNCTION money_claim(p_member bigint, p_request_no text, p_service text, p_payload_hash text)
RETURNS TABLE (claimed boolean, same_payload boolean, answer jsonb, refusal_code text)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotent_requests (member_id, request_no, service, payload_hash)
    VALUES (p_member, p_request_no, p_service, p_payload_hash) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN QUERY SELECT true, true, NULL::jsonb, NULL::text;
  ELSE
    RETURN QUERY SELECT false, r.payload_hash = p_payload_hash, r.answer, r.refusal_code
      FROM idempotent_requests r WHERE r.member_id = p_member AND r.request_no = p_request_no;
  END IF;
END;
$$;

-- Spends a pay-password confirmation given for exactly this payment.
CREATE FUNCTION consume_pay_authorization(p_token_hash text, p_member bigint, p_purpose_hash text) RETURNS boolean
LANGUAGE sql AS $$
  WITH spent AS (
    UPDATE pay_authorizations SET used_at = now()
     WHERE token_hash = p_token_hash AND member_id = p_member AND purpose_hash = p_purpose_hash
       AND used_at IS NULL AND expires_at > now()
    RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM spent)
$$;

-- Counts an outgoing amount against the member's level limits (Luanda days): NULL when it fits,
-- else which limit it breaks. The day's row is written, and so locked, before the check.
CREATE FUNCTION spend_outgoing_limit(p_member bigint, p_level text, p_amount bigint) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (now() AT TIME ZONE 'UTC' + interval '1 hour')::date;
  v_today bigint;
  v_month bigint;
  v_limits account_level_limits%ROWTYPE;
BEGIN
  INSERT INTO member_outgoing_usage (member_id, day, amount) VALUES (p_member, v_day, p_amount)
    ON CONFLICT (member_id, day) DO UPDATE SET amount = member_outgoing_usage.amount + EXCLUDED.amount
    RETURNING amount INTO v_today;
  SELECT * INTO v_limits FROM account_level_limits WHERE level = p_level;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_limits.per_transaction IS NOT NULL AND p_amount > v_limits.per_transaction THEN RETURN 'perTransaction'; END IF;
  IF v_limits.daily IS NOT NULL AND v_today > v_limits.daily THEN RETURN 'daily'; END IF;
  IF v_limits.monthly IS NOT NULL THEN
    SELECT v_today + coalesce(sum(amount), 0) INTO v_month FROM member_outgoing_usage
     WHERE member_id = p_member AND day >= date_trunc('month', v_day)::date AND day < v_day;
    IF v_month > v_limits.monthly THEN RETURN 'monthly'; END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- A member-to-member transfer, whole: the requestNo claim (a replay answers what the first call
-- answered), the pay-password confirmation for this payment, payer verified, payee a verified
-- member other than the payer, the payer's limits, the posting (no overdraft, under the locks),
-- the payee's balance ceiling, and the stored answer. A refusal undoes the work (the inner block
-- is a savepoint) but is stored as the first answer too.
CREATE FUNCTION wallet_transfer(p_member bigint, p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
                                p_payee_mobile text, p_amount bigint, p_note text)
RETURNS TABLE (code text, detail text, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_claim record;
  v_payer record;
  v_payee record;
  v_limit text;
  v_posted record;
  v_answer jsonb;
BEGIN
  SELECT * INTO v_claim FROM money_claim(p_member, p_request_no, 'wallet/transfer/doTransfer', p_payload_hash);
  IF NOT v_claim.claimed THEN
    IF NOT v_claim.same_payload THEN RETURN QUERY SELECT 'FND10002'::text, ''::text, NULL::jsonb; RETURN; END IF;
    RETURN QUERY SELECT coalesce(v_claim.refusal_code, 'S0001'), ''::text, v_claim.answer; RETURN;
  END IF;
  BEGIN
    IF NOT consume_pay_authorization(p_token_hash, p_member, p_purpose_hash) THEN
      RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10008';
    END IF;
    SELECT m.id, m.account_level, m.verification_status = 'verified' AS verified, a.id AS account_id
      INTO v_payer FROM members m LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'available'
     WHERE m.id = p_member AND m.status = 'active';
    IF v_payer.id IS NULL OR NOT v_payer.verified THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10004'; END IF;
    SELECT m.id, m.real_name, m.verification_status = 'verified' AS verified, a.id AS account_id, l.max_balance
      INTO v_payee FROM members m
      LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'available'
      LEFT JOIN account_level_limits l ON l.level = m.account_level
     WHERE m.mobile = p_payee_mobile AND m.status = 'active';
    IF v_payee.id IS NULL OR NOT v_payee.verified OR v_payee.real_name IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10005'; END IF;
    IF v_payee.id = p_member THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10006'; END IF;
    v_limit := spend_outgoing_limit(p_member, v_payer.account_level, p_amount);
    IF v_limit IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10003', DETAIL = v_limit; END IF;
    IF v_payer.account_id IS NULL OR v_payee.account_id IS NULL THEN
      -- first movement of one of them: open the missing account (rare; one row each, ever)
      INSERT INTO ledger_accounts (code, kind, member_id) VALUES
        ('member:' || p_member || ':available', 'available', p_member),
        ('member:' || v_payee.id || ':available', 'available', v_payee.id)
      ON CONFLICT DO NOTHING;
      SELECT id INTO v_payer.account_id FROM ledger_accounts WHERE member_id = p_member AND kind = 'available';
      SELECT id INTO v_payee.account_id FROM ledger_accounts WHERE member_id = v_payee.id AND kind = 'available';
    END IF;
    BEGIN
      SELECT * INTO v_posted FROM ledger_post('transfer:' || p_member || ':' || p_request_no, 'transfer', v_payer.account_id, v_payee.account_id, p_amount, nullif(p_note, ''));
    EXCEPTION WHEN SQLSTATE 'KW001' THEN
      RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10001';
    END;
    IF v_payee.max_balance IS NOT NULL AND v_posted.credit_balance > v_payee.max_balance THEN
      RAISE EXCEPTION USING ERRCODE = 'KW100', MESSAGE = 'FND10003', DETAIL = 'payeeBalance';
    END IF;
    v_answer := jsonb_build_object(
      'transferId', v_posted.transfer_id::text, 'amount', p_amount, 'available', v_posted.debit_balance,
      'maskedName', mask_name(v_payee.real_name), 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  EXCEPTION WHEN SQLSTATE 'KW100' THEN
    UPDATE idempotent_requests SET refusal_code = SQLERRM WHERE member_id = p_member AND request_no = p_request_no;
    GET STACKED DIAGNOSTICS v_limit = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT SQLERRM, coalesce(v_limit, ''), NULL::jsonb;
    RETURN;
  END;
  UPDATE idempotent_requests SET answer = v_answer WHERE member_id = p_member AND request_no = p_request_no;
  RETURN QUERY SELECT 'S0001'::text, ''::text, v_answer;
END;
$$;
