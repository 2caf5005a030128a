-- A missing account id is refused as before migration 014 (KW002): least() and greatest() skip a
-- NULL, so without this check both locks would fall on the other account and the posting could
-- be refused as an overdraft (FND10001) instead of as the programming error it is.
CREATE OR REPLACE FUNCTION ledger_post(p_key text, p_kind text, p_debit bigint, p_credit bigint, p_amount bigint, p_reference text)
RETURNS TABLE (transfer_id bigint, replayed boolean, debit_balance bigint, credit_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_first ledger_accounts%ROWTYPE;
  v_second ledger_accounts%ROWTYPE;
  v_debit ledger_accounts%ROWTYPE;
  v_credit ledger_accounts%ROWTYPE;
  v_transfer bigint;
BEGIN
  IF p_debit IS NULL OR p_credit IS NULL THEN
    RAISE EXCEPTION 'no such ledger account' USING ERRCODE = 'KW002';
  END IF;
  SELECT t.id INTO v_transfer FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF FOUND THEN
    RETURN QUERY SELECT v_transfer, true, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  SELECT * INTO v_first FROM ledger_accounts WHERE id = least(p_debit, p_credit) FOR NO KEY UPDATE;
  SELECT * INTO v_second FROM ledger_accounts WHERE id = greatest(p_debit, p_credit) FOR NO KEY UPDATE;
  IF p_debit < p_credit THEN v_debit := v_first; v_credit := v_second; ELSE v_debit := v_second; v_credit := v_first; END IF;
  IF v_debit.id IS NULL OR v_credit.id IS NULL THEN
    RAISE EXCEPTION 'no such ledger account' USING ERRCODE = 'KW002';
  END IF;
  IF NOT v_debit.allow_negative AND v_debit.balance < p_amount THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KW001';
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, kind, debit_account_id, credit_account_id, amount, reference)
    VALUES (p_key, p_kind, p_debit, p_credit, p_amount, p_reference) RETURNING id INTO v_transfer;
  UPDATE ledger_accounts SET balance = balance + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END, version = version + 1
   WHERE id IN (p_debit, p_credit);
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, account_version) VALUES
    (v_transfer, p_debit, -p_amount, v_debit.balance - p_amount, v_debit.version + 1),
    (v_transfer, p_credit, p_amount, v_credit.balance + p_amount, v_credit.version + 1);
  RETURN QUERY SELECT v_transfer, false, v_debit.balance - p_amount, v_credit.balance + p_amount;
END;
$$;
