-- The double-entry ledger, in integer cêntimos. Every movement is a transfer from one account
-- (debit: its balance goes down) to another (credit: its balance goes up), so the balances of all
-- accounts always sum to zero. Members' accounts may not go below zero; system accounts that mirror
-- the outside world (a bank's clearing account) may.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('available', 'frozen', 'cashback', 'settlement', 'bank_clearing', 'fee_income', 'marketing_funding')),
  member_id bigint REFERENCES members(id),
  bank_code text,
  allow_negative boolean NOT NULL DEFAULT false,
  balance bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0,
  CHECK (allow_negative OR balance >= 0),
  CHECK ((member_id IS NULL) = (kind IN ('bank_clearing', 'fee_income', 'marketing_funding')))
);
CREATE UNIQUE INDEX ledger_accounts_member_kind ON ledger_accounts (member_id, kind) WHERE member_id IS NOT NULL;

-- One row per movement; never changed once written. The idempotency key makes a retried posting
-- find its first result instead of moving money twice.
CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  debit_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  credit_account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  -- what the movement was for (a member transfer, a withdrawal, a top-up), for the fund detail
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);

-- Two entries per transfer, with the account's balance after it and its version: an account's
-- history is its entries in version order, and each balance_after can be checked against the sum.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  account_version bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, account_version)
);
CREATE INDEX ledger_entries_account_time ON ledger_entries (account_id, created_at DESC, id DESC);

CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: correct with a reversing transfer';
END;
$$;
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();

-- Posts one transfer in the caller's transaction, in one round trip: locks both accounts in id
-- order (FOR NO KEY UPDATE, so the entries' foreign keys do not wait on it), refuses with
-- SQLSTATE KW001 when the debit account would go below zero, then writes the transfer, the two
-- entries and the new balances. A key already used answers that transfer and moves nothing.
CREATE FUNCTION ledger_post(p_key text, p_kind text, p_debit bigint, p_credit bigint, p_amount bigint, p_reference text)
RETURNS TABLE (transfer_id bigint, replayed boolean, debit_balance bigint, credit_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_first bigint := least(p_debit, p_credit);
  v_second bigint := greatest(p_debit, p_credit);
  v_debit ledger_accounts%ROWTYPE;
  v_credit ledger_accounts%ROWTYPE;
  v_transfer bigint;
BEGIN
  SELECT t.id INTO v_transfer FROM ledger_transfers t WHERE t.idempotency_key = p_key;
  IF FOUND THEN
    RETURN QUERY SELECT v_transfer, true, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = v_first FOR NO KEY UPDATE;
  PERFORM 1 FROM ledger_accounts WHERE id = v_second FOR NO KEY UPDATE;
  SELECT * INTO v_debit FROM ledger_accounts WHERE id = p_debit;
  SELECT * INTO v_credit FROM ledger_accounts WHERE id = p_credit;
  IF v_debit.id IS NULL OR v_credit.id IS NULL THEN
    RAISE EXCEPTION 'no such ledger account' USING ERRCODE = 'KW002';
  END IF;
  IF NOT v_debit.allow_negative AND v_debit.balance < p_amount THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KW001';
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, kind, debit_account_id, credit_account_id, amount, reference)
    VALUES (p_key, p_kind, p_debit, p_credit, p_amount, p_reference) RETURNING id INTO v_transfer;
  UPDATE ledger_accounts SET balance = balance - p_amount, version = version + 1 WHERE id = p_debit;
  UPDATE ledger_accounts SET balance = balance + p_amount, version = version + 1 WHERE id = p_credit;
  INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, account_version) VALUES
    (v_transfer, p_debit, -p_amount, v_debit.balance - p_amount, v_debit.version + 1),
    (v_transfer, p_credit, p_amount, v_credit.balance + p_amount, v_credit.version + 1);
  RETURN QUERY SELECT v_transfer, false, v_debit.balance - p_amount, v_credit.balance + p_amount;
END;
$$;

-- A money-moving call answered once per member and requestNo: a replay gets the stored answer
-- (or refusal) and moves nothing; the same requestNo with another payload is refused.
CREATE TABLE idempotent_requests (
  member_id bigint NOT NULL REFERENCES members(id),
  request_no text NOT NULL,
  service text NOT NULL,
  payload_hash text NOT NULL,
  answer jsonb,
  refusal_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, request_no)
);

-- Limits by account level (agreement/accountLevel), seeded from data/angola/bna_limits.json; in
-- cêntimos, NULL = no limit.
CREATE TABLE account_level_limits (
  level text PRIMARY KEY CHECK (level IN ('I', 'III', 'commercial')),
  max_balance bigint,
  per_transaction bigint,
  daily bigint,
  monthly bigint
);

-- Each member's outgoing total per day, kept with the transfer that adds to it, so a limit check
-- is one row read under the same lock rather than a sum over the history.
CREATE TABLE member_outgoing_usage (
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  PRIMARY KEY (member_id, day)
);

-- A pay password confirmed for one payment (service, amount, counterparty): spent by that payment.
CREATE TABLE pay_authorizations (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  purpose_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX pay_authorizations_expiry ON pay_authorizations (expires_at);
