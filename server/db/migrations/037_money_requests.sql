-- Asking for money (issue 26, part 2; README "Money requests"). A member asks another for an
-- amount; the other pays it with the pay password (through wallet_transfer, the one transfer
-- path), declines it, or lets it expire (48 h, read on the clock: an open request past expires_at
-- is expired, no job needed). The requester may cancel while it is open.
CREATE TABLE money_requests (
  id bigserial PRIMARY KEY,
  requester_id bigint NOT NULL REFERENCES members(id),
  payer_id bigint NOT NULL REFERENCES members(id),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'declined', 'cancelled')),
  -- the requester's requestNo that made it: a retried "send" answers the same request
  create_request_no text NOT NULL,
  -- asked of a member who blocks the requester: kept (it counts in the hourly limit) but never
  -- shown or told to the payer, so the requester sees it wait and expire like an unanswered one
  silenced boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz,
  transfer_id bigint REFERENCES ledger_transfers(id),
  -- the payer's requestNo that paid it
  paid_request_no text,
  CHECK (requester_id <> payer_id),
  CHECK ((status = 'paid') = (transfer_id IS NOT NULL)),
  CHECK ((status = 'open') = (closed_at IS NULL)),
  UNIQUE (requester_id, create_request_no)
);
CREATE INDEX money_requests_requester ON money_requests (requester_id, id DESC);
CREATE INDEX money_requests_payer ON money_requests (payer_id, id DESC) WHERE NOT silenced;

-- Whom a member no longer takes requests from.
CREATE TABLE money_request_blocks (
  member_id bigint NOT NULL REFERENCES members(id),
  blocked_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, blocked_id),
  CHECK (member_id <> blocked_id)
);

-- Pays a request: the request row is locked first (FOR UPDATE: two tabs paying it, a decline or a
-- cancel wait for each other), then the transfer is wallet_transfer itself (claim of the payer's
-- requestNo, pay confirmation, limits, posting, stored answer), and the request is marked paid in
-- the same transaction, linked to the transfer. A requestNo already claimed answers what it first
-- answered (a replay of a paid request gets its receipt, never a second payment). Answers
-- REQ10003 (not this member's request), REQ10004 (no longer open: detail says why), FND10007
-- (another amount than the request's), else what wallet_transfer answers.
CREATE FUNCTION money_request_pay(p_member bigint, p_request_id bigint, p_request_no text, p_payload_hash text,
                                  p_token_hash text, p_purpose_hash text, p_amount bigint)
RETURNS TABLE (code text, detail text, answer jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_request record;
  v_outcome record;
BEGIN
  SELECT r.id, r.amount, r.reason, r.status, r.expires_at <= now() AS expired, m.mobile AS requester_mobile
    INTO v_request FROM money_requests r JOIN members m ON m.id = r.requester_id
   WHERE r.id = p_request_id AND r.payer_id = p_member AND NOT r.silenced
     FOR UPDATE OF r;
  IF NOT FOUND THEN RETURN QUERY SELECT 'REQ10003'::text, ''::text, NULL::jsonb; RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM idempotent_requests WHERE member_id = p_member AND request_no = p_request_no) THEN
    IF v_request.status <> 'open' THEN RETURN QUERY SELECT 'REQ10004'::text, v_request.status, NULL::jsonb; RETURN; END IF;
    IF v_request.expired THEN RETURN QUERY SELECT 'REQ10004'::text, 'expired'::text, NULL::jsonb; RETURN; END IF;
    IF v_request.amount <> p_amount THEN RETURN QUERY SELECT 'FND10007'::text, ''::text, NULL::jsonb; RETURN; END IF;
  END IF;
  SELECT * INTO v_outcome FROM wallet_transfer(p_member, p_request_no, p_payload_hash, p_token_hash, p_purpose_hash,
                                               v_request.requester_mobile, v_request.amount, v_request.reason);
  IF v_outcome.code = 'S0001' AND v_request.status = 'open' THEN
    UPDATE money_requests SET status = 'paid', transfer_id = (v_outcome.answer->>'transferId')::bigint,
           paid_request_no = p_request_no, closed_at = now()
     WHERE id = p_request_id;
  END IF;
  RETURN QUERY SELECT v_outcome.code, v_outcome.detail, v_outcome.answer;
END;
$$;
