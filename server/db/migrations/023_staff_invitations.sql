-- Staff invitations (issue 12): a merchant invites a person to work at one of its stores, by SMS to
-- a mobile, by e-mail, or by a QR code shown on the merchant's phone. The link in the message and
-- the QR carry a random token; only its SHA-256 is kept, so the table alone opens no invitation.
-- 'expired' is never stored: an invitation is expired when it is still 'sent' past expires_at,
-- computed in every read and refused in every answer (no sweep to race with).
CREATE TABLE staff_invitations (
  id bigserial PRIMARY KEY,
  -- the top-level merchant (the owner's), as staff.merchant_id
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  store_id bigint NOT NULL REFERENCES stores(id),
  invited_by bigint NOT NULL REFERENCES members(id),
  channel text NOT NULL CHECK (channel IN ('mobile', 'email', 'qr')),
  -- +2449XXXXXXXX for 'mobile', the e-mail in lower case for 'email'; none for 'qr' (whoever scans it)
  contact text,
  token_hash text NOT NULL UNIQUE,
  all_records boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'sent' CHECK (state IN ('sent', 'agreed', 'rejected', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  answered_at timestamptz,
  -- who agreed or rejected (for a QR invitation, the person who scanned it)
  answered_by bigint REFERENCES members(id),
  staff_id bigint REFERENCES staff(id),
  CHECK ((channel = 'qr') = (contact IS NULL)),
  CHECK ((state IN ('agreed', 'rejected')) = (answered_by IS NOT NULL)),
  CHECK ((state = 'agreed') = (staff_id IS NOT NULL))
);
-- the merchant's list (newest first) and its hourly sending limit
CREATE INDEX staff_invitations_merchant_time ON staff_invitations (merchant_id, created_at DESC);
-- a signed-in person's pending invitations, found by their mobile or e-mail
CREATE INDEX staff_invitations_pending_contact ON staff_invitations (contact) WHERE state = 'sent';
