-- `wallet/transfer/queryPayee` tells a signed-in member whether a number has a verified owner and
-- shows that owner's masked name, so it is limited against scraping: one row per member counts the
-- lookups since the first one of the current hour-long window.
CREATE TABLE payee_lookup_usage (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  window_start timestamptz NOT NULL,
  lookups integer NOT NULL
);
