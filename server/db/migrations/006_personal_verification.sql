-- Real-name verification of individuals: the NIF (B.I. number) and the name as the registry has them.
ALTER TABLE members ADD COLUMN verification_status text NOT NULL DEFAULT 'unverified'
  CHECK (verification_status IN ('unverified', 'pending', 'verified', 'failed'));
ALTER TABLE members ADD COLUMN account_level text NOT NULL DEFAULT 'I' CHECK (account_level IN ('I', 'III', 'commercial'));
ALTER TABLE members ADD COLUMN nif text UNIQUE CHECK (nif ~ '^[0-9]{9}[A-Z]{2}[0-9]{3}$' OR nif ~ '^[0-9]{10}$');
ALTER TABLE members ADD COLUMN real_name text;
ALTER TABLE members ADD COLUMN verified_at timestamptz;

-- One verification attempt: the NIF was found; the name has three tries.
CREATE TABLE identity_checks (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  nif text NOT NULL,
  name_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz,
  outcome text CHECK (outcome IN ('verified', 'failed'))
);
CREATE INDEX identity_checks_member_idx ON identity_checks (member_id, created_at DESC);

-- The identity-registry simulator's own records (a production adapter asks the real registry).
CREATE TABLE registry_persons (
  nif text PRIMARY KEY CHECK (nif ~ '^[0-9]{9}[A-Z]{2}[0-9]{3}$'),
  full_name text NOT NULL,
  document_expires_on date NOT NULL
);
