-- An enterprise's verification requests: the submitted form (JSON), its documents, and the decision.
CREATE TABLE enterprise_verifications (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  form jsonb NOT NULL,
  company_nif text NOT NULL CHECK (company_nif ~ '^[0-9]{10}$'),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text,
  reason text CHECK (length(reason) <= 500)
);
CREATE INDEX enterprise_verifications_member_idx ON enterprise_verifications (member_id, submitted_at DESC);
CREATE INDEX enterprise_verifications_queue_idx ON enterprise_verifications (submitted_at) WHERE status = 'pending';
-- one request waits at a time per enterprise
CREATE UNIQUE INDEX enterprise_verifications_one_pending ON enterprise_verifications (member_id) WHERE status = 'pending';
