-- A member's request to change the mobile number. With the old number at hand it completes at
-- once; without it, photos go to the operators' review queue (issue 4 builds the review screens).
CREATE TABLE mobile_change_requests (
  id uuid PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  old_mobile text,
  new_mobile text NOT NULL CHECK (new_mobile ~ '^\+2449[1-79][0-9]{7}$'),
  route text NOT NULL CHECK (route IN ('direct', 'review')),
  status text NOT NULL CHECK (status IN ('verified', 'completed', 'pending_review', 'approved', 'rejected')),
  file_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  decided_at timestamptz,
  decided_by text,
  reason text
);
CREATE INDEX mobile_change_requests_member_idx ON mobile_change_requests (member_id, created_at DESC);
CREATE INDEX mobile_change_requests_queue_idx ON mobile_change_requests (status, submitted_at) WHERE status = 'pending_review';

ALTER TABLE flow_tickets DROP CONSTRAINT flow_tickets_purpose_check;
ALTER TABLE flow_tickets ADD CONSTRAINT flow_tickets_purpose_check CHECK (purpose IN ('register', 'recover', 'payPassword', 'rebind'));
