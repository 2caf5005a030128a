-- One-time keys of the secure keypad: an RSA key pair and a shuffled digit map, used once, 5 minutes.
CREATE TABLE keypad_keys (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  private_key text,
  digit_map text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX keypad_keys_member_idx ON keypad_keys (member_id, created_at);

ALTER TABLE flow_tickets DROP CONSTRAINT flow_tickets_purpose_check;
ALTER TABLE flow_tickets ADD CONSTRAINT flow_tickets_purpose_check CHECK (purpose IN ('register', 'recover', 'payPassword'));
