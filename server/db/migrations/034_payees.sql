-- Recent and favourite payees (issue 26, part 4). Recent payees are read from the ledger (the
-- member's posted transfers: a refused transfer posts nothing); favourites are the member's own
-- rows, with a private nickname only this member sees.

-- A member's favourite payees: at most 50 (checked by the handler under the member's row lock).
CREATE TABLE member_favourite_payees (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  payee_id bigint NOT NULL REFERENCES members(id),
  nickname text CHECK (nickname IS NULL OR (length(nickname) BETWEEN 1 AND 40 AND nickname = btrim(nickname))),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, payee_id),
  CHECK (member_id <> payee_id)
);
CREATE INDEX member_favourite_payees_member ON member_favourite_payees (member_id, id DESC);

-- The last people a member paid: member transfers by the payer's available account, newest first.
CREATE INDEX ledger_transfers_member_transfer_debit ON ledger_transfers (debit_account_id, id DESC) WHERE kind = 'transfer';
