-- The outbox delivers each message in its own step (issue 27's audit): a batch is claimed for a
-- while (claimed_until), each message is marked delivered as soon as the provider took it, and a
-- message the provider refused waits its turn again without holding back the others. Before, the
-- whole batch was sent inside one transaction: a failed commit (a failover, a restart) sent it all
-- again, and one failing message made those before it go out every half second.
ALTER TABLE outbox_messages
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN last_error text;
CREATE INDEX outbox_messages_pending ON outbox_messages (id) WHERE delivered_at IS NULL;
