-- Bank cards, top-ups and withdrawals, and the bank simulator.
--
-- Two sides that only meet through server/adapters/bank.ts:
--   bank_sim_*  the simulator's own state: what a bank would keep (its cards and their accounts,
--               its BIN table, its branches, the operations it was asked to do). A production bank
--               integration replaces these tables with the bank's API.
--   the rest    the wallet's side: the banks it works with and its limits per bank, the cards
--               members bound (a bank token, never the full number), top-up orders and
--               withdrawals, each a row a settlement job picks up (they survive a restart).

-- ===== the bank simulator =====

-- The simulator's BIN table (first six digits): issuing bank and debit or credit. The numbers are
-- the simulator's own scheme ('6' + bank code + 0 debit / 5 credit), not real issuer BINs.
CREATE TABLE bank_sim_bins (
  bin text PRIMARY KEY CHECK (bin ~ '^[0-9]{6}$'),
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{4}$'),
  card_type text NOT NULL CHECK (card_type IN ('debit', 'credit')),
  product text NOT NULL
);

-- Test cards: the card's account at its bank (balance in cêntimos), its holder, the mobile the
-- bank has for it, its limits per operation and per day, and switches to make it fail or wait.
CREATE TABLE bank_sim_cards (
  card_no text PRIMARY KEY CHECK (card_no ~ '^[0-9]{16,19}$'),
  bin text NOT NULL REFERENCES bank_sim_bins(bin),
  token text NOT NULL UNIQUE,
  holder_name text NOT NULL,
  holder_mobile text NOT NULL CHECK (holder_mobile ~ '^\+2449[1-79][0-9]{7}$'),
  balance bigint NOT NULL CHECK (balance >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  debit_per_operation bigint CHECK (debit_per_operation > 0),
  debit_daily bigint CHECK (debit_daily > 0),
  credit_per_operation bigint CHECK (credit_per_operation > 0),
  credit_daily bigint CHECK (credit_daily > 0),
  force_failure boolean NOT NULL DEFAULT false,
  delay_ms integer CHECK (delay_ms >= 0)
);

-- What the bank was asked to do, once per reference: debit a card (a top-up) or credit it (a
-- withdrawal's payout). PENDING until due_at, then SUCCEEDED or FAILED with a reason.
CREATE TABLE bank_sim_operations (
  id bigserial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('debit', 'credit')),
  card_no text NOT NULL REFERENCES bank_sim_cards(card_no),
  amount bigint NOT NULL CHECK (amount > 0),
  branch_code text,
  state text NOT NULL CHECK (state IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK ((state = 'PENDING') = (settled_at IS NULL))
);
CREATE INDEX bank_sim_operations_due ON bank_sim_operations (due_at) WHERE state = 'PENDING';
CREATE INDEX bank_sim_operations_card_day ON bank_sim_operations (card_no, kind, created_at);

-- The whole simulated bank: decline everything, hold everything (paused), or a delay other than
-- the configured one (NULL = BANK_SETTLEMENT_DELAY_MS).
CREATE TABLE bank_sim_controls (
  id integer PRIMARY KEY CHECK (id = 1),
  fail_all boolean NOT NULL DEFAULT false,
  paused boolean NOT NULL DEFAULT false,
  delay_ms integer CHECK (delay_ms >= 0)
);
INSERT INTO bank_sim_controls (id) VALUES (1);

-- Branches, for the banks that route a payout by branch (simulated names and codes).
CREATE TABLE bank_sim_branches (
  bank_code text NOT NULL,
  branch_code text NOT NULL CHECK (branch_code ~ '^[0-9]{4}$'),
  name text NOT NULL,
  province_id text NOT NULL,
  city text NOT NULL,
  address text NOT NULL,
  PRIMARY KEY (bank_code, branch_code)
);

-- ===== the wallet =====

-- The banks the wallet works with, and its rules per bank (configuration, seeded): top-up and
-- withdrawal limits in cêntimos (NULL = none), whether a payout needs a branch, and the
-- withdrawal service charge (rate in basis points, with a floor and a ceiling).
CREATE TABLE bank_channels (
  bank_code text PRIMARY KEY CHECK (bank_code ~ '^[0-9]{4}$'),
  enabled boolean NOT NULL DEFAULT true,
  needs_branch boolean NOT NULL DEFAULT false,
  topup_per_transaction bigint,
  topup_daily bigint,
  withdraw_min bigint NOT NULL DEFAULT 0 CHECK (withdraw_min >= 0),
  withdraw_per_transaction bigint,
  withdraw_daily bigint,
  charge_rate_bp integer NOT NULL DEFAULT 0 CHECK (charge_rate_bp BETWEEN 0 AND 10000),
  charge_min bigint NOT NULL DEFAULT 0 CHECK (charge_min >= 0),
  charge_max bigint CHECK (charge_max >= charge_min)
);

-- A member's bound card: the bank's token for it and what may be shown (BIN, last four digits).
-- Only debit (savings) cards are ever bound (spec §5).
CREATE TABLE bank_cards (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  card_token text NOT NULL,
  bank_code text NOT NULL,
  bin text NOT NULL,
  last4 text NOT NULL,
  card_length integer NOT NULL,
  card_type text NOT NULL CHECK (card_type = 'debit'),
  holder_mobile text NOT NULL,
  bound_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);
CREATE UNIQUE INDEX bank_cards_active_token ON bank_cards (card_token) WHERE removed_at IS NULL;
CREATE INDEX bank_cards_member ON bank_cards (member_id, bound_at) WHERE removed_at IS NULL;

-- Between "the bank knows this card with this holder and mobile" and the SMS code that proves
-- the member holds that mobile.
CREATE TABLE card_bind_requests (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  card_token text NOT NULL,
  bank_code text NOT NULL,
  bin text NOT NULL,
  last4 text NOT NULL,
  card_length integer NOT NULL,
  holder_mobile text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  bound_card_id bigint REFERENCES bank_cards(id)
);
CREATE INDEX card_bind_requests_member ON card_bind_requests (member_id, created_at DESC);

-- A top-up from a bound card: AWAITING_CODE (SMS sent to the card's mobile) → CODE_VERIFIED →
-- PENDING (pay password given; the bank debits the card) → SUCCESS (member credited from the
-- bank's clearing account) | FAILED (nothing credited).
CREATE TABLE topups (
  id bigserial PRIMARY KEY,
  order_no text GENERATED ALWAYS AS ('TP' || lpad(id::text, 12, '0')) STORED UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  card_id bigint NOT NULL REFERENCES bank_cards(id),
  bank_code text NOT NULL,
  card_token text NOT NULL,
  holder_mobile text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  state text NOT NULL CHECK (state IN ('AWAITING_CODE', 'CODE_VERIFIED', 'PENDING', 'SUCCESS', 'FAILED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  code_verified_at timestamptz,
  confirmed_at timestamptz,
  submitted_at timestamptz,
  finished_at timestamptz,
  bank_reason text,
  transfer_id bigint REFERENCES ledger_transfers(id),
  next_check_at timestamptz,
  checks integer NOT NULL DEFAULT 0
);
CREATE INDEX topups_pending ON topups (next_check_at) WHERE state = 'PENDING';
CREATE INDEX topups_member ON topups (member_id, created_at DESC);

-- A withdrawal: the amount and its charge are held (available → frozen) when it is made; the
-- bank's answer resolves the hold once: SUCCESS (paid out, charge earned) or FAILED (released).
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  withdraw_no text GENERATED ALWAYS AS ('WD' || lpad(id::text, 12, '0')) STORED UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  card_id bigint NOT NULL REFERENCES bank_cards(id),
  bank_code text NOT NULL,
  card_token text NOT NULL,
  branch_code text,
  amount bigint NOT NULL CHECK (amount > 0),
  charge bigint NOT NULL CHECK (charge >= 0),
  limit_day date NOT NULL,
  state text NOT NULL CHECK (state IN ('PENDING', 'SUCCESS', 'FAILED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  finished_at timestamptz,
  bank_reason text,
  next_check_at timestamptz NOT NULL DEFAULT now(),
  checks integer NOT NULL DEFAULT 0
);
CREATE INDEX withdrawals_pending ON withdrawals (next_check_at) WHERE state = 'PENDING';
CREATE INDEX withdrawals_member ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_member_bank_day ON withdrawals (member_id, bank_code, limit_day);

-- SMS codes for binding a card and for paying with one (sent to the card's mobile).
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('register', 'login', 'recover', 'rebind', 'payPassword', 'bindCard', 'topup'));
