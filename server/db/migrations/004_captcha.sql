-- Failures seen from a client address, and the image captchas it was asked to solve.
CREATE TABLE security_events (
  id bigserial PRIMARY KEY,
  client_ip text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('loginFailure', 'codeFailure', 'captchaFailure')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_ip_idx ON security_events (client_ip, created_at);

CREATE TABLE captchas (
  id uuid PRIMARY KEY,
  client_ip text NOT NULL,
  -- the text the image shows: single-use and short-lived, worth nothing once answered
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  answered_at timestamptz,
  token_hash text UNIQUE,
  token_used_at timestamptz
);
CREATE INDEX captchas_ip_idx ON captchas (client_ip, created_at);
