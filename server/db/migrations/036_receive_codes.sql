-- A person's receive code (issue 26, part 1): a verified individual (a zungueira, a cantina, a taxi
-- driver: not a company, spec §6) shows or prints a QR code any member scans to send them money.
-- The money goes through the one transfer path (wallet_transfer, migrations 011/018): it is a
-- transfer, without charge, the payee's masked name shown before paying.
--
-- `token` is 22 random base64url characters (128 bits): unguessable, so codes cannot be walked to
-- harvest names. It is kept as it is, not hashed: the owner must see and print the same code again
-- at any time, and the token only lets someone pay this member, never take money or read anything
-- but the masked name (each look-up counted as a payee look-up is).
CREATE TABLE receive_codes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{22}$'),
  -- `standing`: the member's code for any amount, until renewed; `oneTime`: one payment of `amount`
  kind text NOT NULL CHECK (kind IN ('standing', 'oneTime')),
  amount bigint CHECK (amount > 0),
  -- the receiver's words on a one-time code ("2 kg de peixe"), the transfer's note unless the payer writes one
  note text CHECK (note IS NULL OR length(note) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  -- a renewed standing code: no longer paid
  revoked_at timestamptz,
  -- a one-time code's payment: who paid it, with which requestNo (a replay of that request answers its first outcome), and the transfer
  spent_at timestamptz,
  paid_by bigint REFERENCES members(id),
  paid_request_no text,
  transfer_id bigint,
  CHECK ((kind = 'standing' AND amount IS NULL AND note IS NULL AND expires_at IS NULL AND spent_at IS NULL)
      OR (kind = 'oneTime' AND amount IS NOT NULL AND expires_at IS NOT NULL AND revoked_at IS NULL)),
  CHECK ((spent_at IS NULL) = (paid_by IS NULL) AND (spent_at IS NULL) = (paid_request_no IS NULL))
);
-- one live standing code per member: a renewal revokes the old and inserts the new in one transaction
CREATE UNIQUE INDEX receive_codes_standing ON receive_codes (member_id) WHERE kind = 'standing' AND revoked_at IS NULL;
-- the open one-time codes a member has (counted against a ceiling)
CREATE INDEX receive_codes_open_one_time ON receive_codes (member_id, expires_at) WHERE kind = 'oneTime' AND spent_at IS NULL;

-- Pays a receive code, with the session check in the same statement (as wallet_transfer_in_session).
-- The code's row is locked first (FOR UPDATE): a renewal waits for a payment in flight and a payment
-- after it finds the code revoked; two payers of one one-time code take turns, and the second finds
-- it spent. Then, in this order:
--   1. a requestNo this payer already used answers its first outcome (wallet_transfer replays it),
--      whatever became of the code since (spent by that very request, renewed, expired);
--   2. a code that cannot be paid is refused (RCV10003 unknown or renewed, RCV10004 paid, RCV10005
--      expired, RCV10006 another amount than a one-time code's); nothing is claimed, and the same
--      request answers the same refusal later, since a code never becomes payable again;
--   3. wallet_transfer pays the code's owner by their current mobile (claim, pay confirmation,
--      checks, limits, posting, answer), and a one-time code is marked spent by this request in the
--      same transaction.
CREATE FUNCTION receive_code_pay_in_session(p_session_hash text, p_idle_seconds double precision, p_granularity_seconds double precision,
                                            p_request_no text, p_payload_hash text, p_token_hash text, p_purpose_hash text,
                                            p_code text, p_amount bigint, p_note text)
RETURNS TABLE (code text, detail text, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
  v_code record;
  v_paid record;
BEGIN
  SELECT * INTO v_session FROM session_principal(p_session_hash, p_idle_seconds, p_granularity_seconds);
  IF NOT FOUND THEN RETURN QUERY SELECT 'AGW20001'::text, ''::text, NULL::jsonb; RETURN; END IF;
  IF v_session.audience <> 'member' THEN RETURN QUERY SELECT 'AGW10005'::text, ''::text, NULL::jsonb; RETURN; END IF;

  SELECT c.id, c.kind, c.amount, c.note, c.expires_at, c.revoked_at, c.spent_at, m.mobile
    INTO v_code FROM receive_codes c JOIN members m ON m.id = c.member_id
   WHERE c.token = p_code FOR UPDATE OF c;

  IF EXISTS (SELECT 1 FROM idempotent_requests r WHERE r.member_id = v_session.member_id AND r.request_no = p_request_no) THEN
    RETURN QUERY SELECT * FROM wallet_transfer(v_session.member_id, p_request_no, p_payload_hash, p_token_hash, p_purpose_hash, NULL, p_amount, p_note);
    RETURN;
  END IF;
  IF v_code.id IS NULL OR v_code.revoked_at IS NOT NULL THEN RETURN QUERY SELECT 'RCV10003'::text, ''::text, NULL::jsonb; RETURN; END IF;
  IF v_code.kind = 'oneTime' THEN
    IF v_code.spent_at IS NOT NULL THEN RETURN QUERY SELECT 'RCV10004'::text, ''::text, NULL::jsonb; RETURN; END IF;
    IF v_code.expires_at <= now() THEN RETURN QUERY SELECT 'RCV10005'::text, ''::text, NULL::jsonb; RETURN; END IF;
    IF v_code.amount <> p_amount THEN RETURN QUERY SELECT 'RCV10006'::text, ''::text, NULL::jsonb; RETURN; END IF;
  END IF;

  SELECT * INTO v_paid FROM wallet_transfer(v_session.member_id, p_request_no, p_payload_hash, p_token_hash, p_purpose_hash,
                                            v_code.mobile, p_amount, coalesce(nullif(p_note, ''), v_code.note, ''));
  IF v_paid.code = 'S0001' AND v_code.kind = 'oneTime' THEN
    UPDATE receive_codes SET spent_at = now(), paid_by = v_session.member_id, paid_request_no = p_request_no,
                             transfer_id = (v_paid.answer ->> 'transferId')::bigint
     WHERE id = v_code.id;
  END IF;
  RETURN QUERY SELECT v_paid.code, v_paid.detail, v_paid.answer;
END;
$$;
