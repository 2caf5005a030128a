-- The notices inbox (issue 26, part 5): one row per thing a member is told about — money received,
-- a refund, a request for money, a staff invitation, a verification result. The flow that makes
-- the thing writes its notice in the same transaction (server/entities/memberNotices.ts), so a
-- rolled-back payment tells no one. Operators' announcements stay in `notices` (public, for
-- everyone) and are not copied per member.
CREATE TABLE member_notices (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  -- what happened; the list of kinds is kept in TypeScript (NoticeKind) so a flow adds its own
  kind text NOT NULL CHECK (kind ~ '^[a-z][A-Za-z]{1,39}$'),
  -- the id of the thing the notice opens (a transfer, a request, an invitation...)
  ref text NOT NULL CHECK (length(ref) BETWEEN 1 AND 64),
  -- what the line shows (amount, masked names...): never a secret, the member may read all of it
  params jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(params) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- a retried flow tells once
  UNIQUE (member_id, kind, ref)
);
CREATE INDEX member_notices_member ON member_notices (member_id, id DESC);
CREATE INDEX member_notices_unread ON member_notices (member_id) WHERE read_at IS NULL;
