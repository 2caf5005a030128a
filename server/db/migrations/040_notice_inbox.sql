-- The notices inbox (issue 26, part 5; README "Notices inbox"), on top of migration 035.

-- The inbox is read newest first by time, merged with the operators' announcements: its page
-- query walks this index from the cursor instead of sorting all of a member's notices.
CREATE INDEX member_notices_member_time ON member_notices (member_id, created_at DESC, id DESC);
-- 035's (member_id, id DESC) serves nothing this one does not: one index less to write on every
-- transfer (each tells its payee, below)
DROP INDEX member_notices_member;

-- An operators' announcement (`notices`, migration 001) is one row for everyone; whether a member
-- has read it is a row here, made when they open it from the inbox or mark all read. No row: unread.
CREATE TABLE notice_reads (
  member_id bigint NOT NULL REFERENCES members(id),
  notice_id bigint NOT NULL REFERENCES notices(id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, notice_id)
);

-- Money received from another person: told to the payee in the transaction that posts the
-- transfer, whichever function posts it (wallet_transfer, and every later way of paying a person
-- that posts a 'transfer' through it): a trigger on the posting, so no path that pays a person can
-- forget to tell them, and a transfer rolled back (a refusal after posting, a failed transaction)
-- tells no one. The line shows the amount and the payer's name masked as the payee's receipt
-- shows it (mask_name); the ref is the transfer's id, which opens its receipt.
CREATE FUNCTION notice_transfer_received() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_payee bigint;
  v_payer_name text;
BEGIN
  SELECT member_id INTO v_payee FROM ledger_accounts WHERE id = NEW.credit_account_id;
  IF v_payee IS NULL THEN RETURN NULL; END IF;
  SELECT coalesce(m.real_name, m.display_name) INTO v_payer_name
    FROM ledger_accounts a JOIN members m ON m.id = a.member_id WHERE a.id = NEW.debit_account_id;
  INSERT INTO member_notices (member_id, kind, ref, params, created_at)
  VALUES (v_payee, 'transferReceived', NEW.id::text,
          jsonb_build_object('amount', NEW.amount, 'counterpart', CASE WHEN v_payer_name IS NULL THEN NULL ELSE mask_name(v_payer_name) END),
          NEW.created_at)
  ON CONFLICT (member_id, kind, ref) DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER ledger_transfers_notice_received AFTER INSERT ON ledger_transfers
  FOR EACH ROW WHEN (NEW.kind = 'transfer') EXECUTE FUNCTION notice_transfer_received();
