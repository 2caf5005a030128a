-- Members: individuals (mobile) and enterprises (e-mail). Later migrations add verification and wallets.
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  member_type text NOT NULL CHECK (member_type IN ('individual', 'enterprise')),
  mobile text UNIQUE CHECK (mobile ~ '^\+2449[1-79][0-9]{7}$'),
  email text UNIQUE CHECK (length(email) <= 254),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 120),
  login_password_hash text,
  language text NOT NULL DEFAULT 'pt' CHECK (language IN ('pt', 'en', 'zh', 'fr')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'locked', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((member_type = 'individual' AND mobile IS NOT NULL) OR (member_type = 'enterprise' AND email IS NOT NULL))
);

-- Sessions: the token itself is never stored, only its SHA-256.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  audience text NOT NULL CHECK (audience IN ('member', 'operator')),
  member_id bigint REFERENCES members(id),
  operator_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  CHECK ((audience = 'member' AND member_id IS NOT NULL) OR (audience = 'operator' AND operator_id IS NOT NULL))
);
CREATE INDEX sessions_member_idx ON sessions (member_id) WHERE revoked_at IS NULL;

CREATE TABLE notices (
  id bigserial PRIMARY KEY,
  published_at timestamptz NOT NULL DEFAULT now(),
  unpublished_at timestamptz
);

CREATE TABLE notice_texts (
  notice_id bigint NOT NULL REFERENCES notices(id),
  language text NOT NULL CHECK (language IN ('pt', 'en', 'zh', 'fr')),
  title text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (notice_id, language)
);

CREATE TABLE uploaded_files (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  biz_type text NOT NULL,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploaded_files_member_idx ON uploaded_files (member_id, created_at);

CREATE TABLE tracker_page_views (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  page_type text, duration_ms integer, resolution text, referrer text, title text,
  fingerprint text, page_id text, previous_page_id text, session_id text
);

CREATE TABLE tracker_clicks (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  element_type text, element_key text, title text, fingerprint text,
  page_id text, previous_page_id text, session_id text
);
