-- One pattern for every money call (server/ledger/README.md): claim the requestNo (money_claim),
-- spend the pay confirmation (consume_pay_authorization), count the limits (spend_outgoing_limit),
-- post (ledger_post), and store the first answer or refusal with the function below, the last
-- step. The TypeScript form (ledger/idempotent.ts) and the SQL form (wallet_transfer) both end
-- with it, so a replay finds what either form stored in the same place and shape.
CREATE FUNCTION money_answer(p_member bigint, p_request_no text, p_answer jsonb, p_refusal_code text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE idempotent_requests SET answer = p_answer, refusal_code = p_refusal_code
   WHERE member_id = p_member AND request_no = p_request_no;
END;
$$;

-- The transfer as in migration 011, storing its answer and its refusals with money_answer.
CREATE OR REPLACE FUNCTION wallet_transfer(p_member bigint, p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
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
    PERFORM money_answer(p_member, p_request_no, NULL, SQLERRM);
    GET STACKED DIAGNOSTICS v_limit = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT SQLERRM, coalesce(v_limit, ''), NULL::jsonb;
    RETURN;
  END;
  PERFORM money_answer(p_member, p_request_no, v_answer, NULL);
  RETURN QUERY SELECT 'S0001'::text, ''::text, v_answer;
END;
$$;
