-- Accounts: login lock-out, pay password, registration tickets, one-time codes and the message outbox.
ALTER TABLE members ADD COLUMN failed_logins integer NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN locked_until timestamptz;
ALTER TABLE members ADD COLUMN pay_password_hash text;
ALTER TABLE members ADD COLUMN failed_pay_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN pay_locked_until timestamptz;
ALTER TABLE members ADD COLUMN activated_at timestamptz;
UPDATE members SET activated_at = created_at WHERE status = 'active';

-- A code proves control of a phone number or an e-mail address for one purpose; only its hash is kept.
CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  destination text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'recover', 'rebind', 'payPassword')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  client_ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  voided_at timestamptz
);
CREATE INDEX verification_codes_destination_idx ON verification_codes (destination, purpose, created_at DESC);
CREATE INDEX verification_codes_ip_idx ON verification_codes (client_ip, created_at);

-- After a verified code, a short-lived ticket lets the same person finish the flow (set a password).
CREATE TABLE flow_tickets (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'recover')),
  member_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Every SMS and e-mail the system sends, written in the same transaction as the change that caused it.
CREATE TABLE outbox_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  destination text NOT NULL,
  language text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  provider text
);
