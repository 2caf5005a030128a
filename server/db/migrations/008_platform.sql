-- The operators' platform area: who the operators are, how they sign in (OpenID Connect), and what
-- they decided (the audit log).

-- An operator as the identity provider names them (issuer + subject). Rows are created by the seed
-- (the built-in directory) or by an administrator; a first sign-in with a verified e-mail binds the
-- subject of an operator added by e-mail only.
CREATE TABLE operators (
  id text PRIMARY KEY,
  issuer text NOT NULL,
  subject text,
  email text,
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  UNIQUE (issuer, subject),
  UNIQUE (issuer, email)
);
ALTER TABLE sessions ADD CONSTRAINT sessions_operator_fk FOREIGN KEY (operator_id) REFERENCES operators(id);

-- The built-in identity provider (the default when no external one is configured): its users,
-- signing keys and one-time authorization codes.
CREATE TABLE operator_directory (
  subject uuid PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
CREATE TABLE oidc_signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oidc_authorization_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  subject uuid NOT NULL REFERENCES operator_directory(subject),
  nonce text,
  code_challenge text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The relying party's side: a sign-in in progress (state, nonce, PKCE verifier), and the one-time
-- hand-off that turns a finished sign-in into a session token without putting the token in a URL.
CREATE TABLE sso_logins (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE sso_handoffs (
  code_hash text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  expires_at timestamptz NOT NULL
);

-- Every operator decision and every look at members' data: who, when, what, before and after.
-- Append-only: the database refuses to change or remove an entry.
CREATE TABLE operator_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  operator_id text NOT NULL REFERENCES operators(id),
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX operator_audit_subject_idx ON operator_audit (subject_id, at DESC);
CREATE FUNCTION operator_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$;
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_is_append_only();

CREATE INDEX mobile_change_requests_decided_idx ON mobile_change_requests (status, decided_at DESC) WHERE status IN ('approved', 'rejected');
CREATE INDEX enterprise_verifications_decided_idx ON enterprise_verifications (status, decided_at DESC) WHERE status IN ('approved', 'rejected');
