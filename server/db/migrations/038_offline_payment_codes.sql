-- Offline payment codes (README "Payment code without signal"): a phone that turned the offline code
-- on holds a secret bound to it and its member, and derives 18-digit codes from it and the clock
-- (services/offlinePaymentCode.ts). The server keeps the secret sealed (AES-256-GCM under
-- OFFLINE_CODE_KEY: HMAC verification needs it back), the highest step already charged (a code at or
-- below it is refused: each code pays once), and how long the enrolment lives without the phone
-- coming online (expires_at, pushed on by each online code).
CREATE TABLE payment_code_devices (
  device_no text PRIMARY KEY CHECK (device_no ~ '^[0-9]{9}$'),
  member_id bigint NOT NULL REFERENCES members(id),
  -- the session that enrolled it: logging out of that session revokes it
  session_id bigint REFERENCES sessions(id),
  -- the browser's fingerprint when enrolled (informative: the secret is what binds the device)
  device_id text NOT NULL,
  secret_sealed text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('loggedOut', 'turnedOff', 'replaced', 'tooMany', 'guessed')),
  last_counter bigint NOT NULL DEFAULT 0,
  wrong_guesses integer NOT NULL DEFAULT 0 CHECK (wrong_guesses >= 0),
  CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
);
CREATE INDEX payment_code_devices_member ON payment_code_devices (member_id, enrolled_at DESC) WHERE revoked_at IS NULL;
CREATE INDEX payment_code_devices_session ON payment_code_devices (session_id) WHERE revoked_at IS NULL;
