-- Merchants: a verified enterprise that opened a collection account, its sub-merchants (outlets
-- or franchises collecting into the same settlement account), its stores and the codes customers
-- scan to pay them, and the payments. Spec §1, §3 (Store), §4 (binding and unbinding codes).

-- A merchant (parent_id NULL: the enterprise's own, one per member) or a sub-merchant (parent_id:
-- the merchant it belongs to; same owning member). Money always settles into the owner's shards.
CREATE TABLE merchants (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  parent_id bigint REFERENCES merchants(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  nif text CHECK (nif ~ '^\d{10}$'),
  mcc text NOT NULL CHECK (mcc ~ '^\d{4}$'),
  province_id text,
  city text,
  settlement_card_id bigint REFERENCES bank_cards(id),
  -- the service charge taken from each payment into fee income (the customer pays nothing)
  charge_rate_bp integer NOT NULL DEFAULT 50 CHECK (charge_rate_bp BETWEEN 0 AND 1000),
  charge_cap bigint DEFAULT 500000 CHECK (charge_cap IS NULL OR charge_cap >= 0),
  -- how many ledger accounts the settlement balance is split over, so payments into one busy
  -- merchant do not queue on one row (server/ledger/README.md); 1 = one row (the benchmark's comparison)
  settlement_shards integer NOT NULL DEFAULT 32 CHECK (settlement_shards BETWEEN 1 AND 256),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((parent_id IS NULL) = (settlement_card_id IS NOT NULL))
);
CREATE UNIQUE INDEX merchants_one_per_member ON merchants (member_id) WHERE parent_id IS NULL;
CREATE INDEX merchants_children ON merchants (parent_id) WHERE parent_id IS NOT NULL;

-- Spec §3 Store. Business days as ISO weekdays (1 Monday … 7 Sunday); times are Luanda's.
CREATE TABLE stores (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  business_days smallint[] NOT NULL CHECK (cardinality(business_days) BETWEEN 1 AND 7),
  opens_at time NOT NULL,
  closes_at time NOT NULL,
  photo_file_id uuid REFERENCES uploaded_files(id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_merchant ON stores (merchant_id);

-- Batches of printed stickers operators issue from the platform area.
CREATE TABLE sticker_batches (
  id bigserial PRIMARY KEY,
  operator_id text NOT NULL,
  count integer NOT NULL CHECK (count BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every code a customer can scan to pay: a printed sticker (serial KW…, paid through its binding
-- to a store), a store's own static code (ST…), or a cashier's one-time dynamic code (DY…) for
-- one amount, paid once, before it expires.
CREATE TABLE collection_codes (
  serial text PRIMARY KEY CHECK (serial ~ '^[A-Z]{2}[0-9A-Z]{6,30}$'),
  kind text NOT NULL CHECK (kind IN ('sticker', 'store', 'dynamic')),
  batch_id bigint REFERENCES sticker_batches(id),
  store_id bigint REFERENCES stores(id),
  amount bigint CHECK (amount > 0),
  expires_at timestamptz,
  created_by bigint REFERENCES members(id),
  paid_payment_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'sticker') = (batch_id IS NOT NULL)),
  CHECK ((kind = 'sticker') = (store_id IS NULL)),
  CHECK ((kind = 'dynamic') = (amount IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE UNIQUE INDEX collection_codes_one_per_store ON collection_codes (store_id) WHERE kind = 'store';
CREATE INDEX collection_codes_batch ON collection_codes (batch_id) WHERE batch_id IS NOT NULL;

-- A sticker bound to a store for a while. Payments through it belong to the binding: once unbound,
-- they leave the merchant's records, and a new binding of the same sticker starts empty (spec §4).
CREATE TABLE code_bindings (
  id bigserial PRIMARY KEY,
  serial text NOT NULL REFERENCES collection_codes(serial),
  store_id bigint NOT NULL REFERENCES stores(id),
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  bound_by bigint NOT NULL REFERENCES members(id),
  bound_at timestamptz NOT NULL DEFAULT now(),
  unbound_at timestamptz
);
CREATE UNIQUE INDEX code_bindings_active ON code_bindings (serial) WHERE unbound_at IS NULL;
CREATE INDEX code_bindings_store ON code_bindings (store_id) WHERE unbound_at IS NULL;

-- A payment to a merchant. `merchant_id` is the owning merchant (whose settlement shards were
-- credited); the store says which merchant or sub-merchant took it.
CREATE TABLE merchant_payments (
  id bigserial PRIMARY KEY,
  voucher_no text GENERATED ALWAYS AS ('MP' || lpad(id::text, 14, '0')) STORED UNIQUE,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  store_id bigint NOT NULL REFERENCES stores(id),
  serial text REFERENCES collection_codes(serial),
  binding_id bigint REFERENCES code_bindings(id),
  method text NOT NULL CHECK (method IN ('static', 'dynamic', 'paymentCode')),
  payer_id bigint NOT NULL REFERENCES members(id),
  -- who collected: the member at the till that showed the dynamic code or charged the payment code
  cashier_id bigint REFERENCES members(id),
  amount bigint NOT NULL CHECK (amount > 0),
  charge bigint NOT NULL CHECK (charge >= 0 AND charge <= amount),
  refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= amount),
  request_no text NOT NULL,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  settlement_shard integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (payer_id, request_no)
);
CREATE INDEX merchant_payments_merchant_time ON merchant_payments (merchant_id, created_at DESC, id DESC);
CREATE INDEX merchant_payments_store_time ON merchant_payments (store_id, created_at DESC, id DESC);
CREATE INDEX merchant_payments_binding ON merchant_payments (binding_id) WHERE binding_id IS NOT NULL;
CREATE INDEX merchant_payments_payer_time ON merchant_payments (payer_id, created_at DESC);
ALTER TABLE collection_codes ADD CONSTRAINT collection_codes_paid_payment FOREIGN KEY (paid_payment_id) REFERENCES merchant_payments(id);

-- Payment codes (consumer-presented): one-time tokens a member shows, bound to the member and the
-- device, refreshed every two minutes; spent on first use or when the next one is issued. Only
-- the token's hash is stored.
CREATE TABLE payment_codes (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  device_id text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'used', 'replaced'))
);
CREATE INDEX payment_codes_member ON payment_codes (member_id, issued_at DESC);

-- A cashier's charge on a payment code: paid at once within the member's password-free limit, or
-- waiting for the member's confirmation on their phone.
CREATE TABLE payment_code_charges (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE REFERENCES payment_codes(token_hash),
  member_id bigint NOT NULL REFERENCES members(id),
  store_id bigint NOT NULL REFERENCES stores(id),
  cashier_id bigint NOT NULL REFERENCES members(id),
  cashier_request_no text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  state text NOT NULL CHECK (state IN ('awaitingConfirmation', 'paid', 'refused', 'expired')),
  payment_id bigint REFERENCES merchant_payments(id),
  refusal_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  UNIQUE (cashier_id, cashier_request_no)
);

-- Password-free payments (agreement/nopwd): off until the member switches them on.
CREATE TABLE password_free_settings (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  enabled boolean NOT NULL,
  limit_amount bigint NOT NULL CHECK (limit_amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Settlement and fee income accounts split into shards (ledger_accounts.shard): a payment credits
-- the shard its key picks, so payments into one merchant lock different rows; the balance is the
-- sum of the shards. Other accounts have the one shard 0.
ALTER TABLE ledger_accounts ADD COLUMN shard integer NOT NULL DEFAULT 0 CHECK (shard >= 0);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard_kinds CHECK (shard = 0 OR kind IN ('settlement', 'fee_income'));
DROP INDEX ledger_accounts_member_kind;
CREATE UNIQUE INDEX ledger_accounts_member_kind ON ledger_accounts (member_id, kind, shard) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_kind ON ledger_accounts (kind, shard) WHERE member_id IS NULL AND kind <> 'bank_clearing';
