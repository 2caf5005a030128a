-- Refunds of merchant payments (issue 12; server/ledger/README.md, "Refunds"). A refund gives the
-- payer back part or all of a payment, from the merchant's settlement to the payer's available
-- account, in the money-call pattern (idempotent on the merchant's requestNo). The merchant's
-- service charge is returned in proportion (fee income → settlement, `charge_returned`), so the
-- payer gets the whole refund amount and the merchant bears only its net share. The payment's
-- `refunded` column (migration 019, CHECK refunded <= amount) is the running total, updated under
-- the payment's row lock: two refunds of one payment at the same moment take turns on that row.
CREATE TABLE merchant_refunds (
  id bigserial PRIMARY KEY,
  -- no foreign key to merchant_payments: as for the payment's own columns (migration 021), the
  -- ledger check matches every refund with its payment and its ledger transfer instead
  payment_id bigint NOT NULL,
  -- the owning merchant (merchant_payments.merchant_id), whose records and analysis list it
  merchant_id bigint NOT NULL,
  store_id bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  charge_returned bigint NOT NULL CHECK (charge_returned >= 0 AND charge_returned <= amount),
  refunded_by bigint NOT NULL REFERENCES members(id),
  request_no text NOT NULL,
  -- the posting settlement shard 0 → the payer's available account, of `amount`
  transfer_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (refunded_by, request_no)
);
CREATE INDEX merchant_refunds_merchant_time ON merchant_refunds (merchant_id, created_at);
-- a record's refunds (its detail, the proportional charge so far); refunds are rare next to payments
CREATE INDEX merchant_refunds_payment ON merchant_refunds (payment_id);
