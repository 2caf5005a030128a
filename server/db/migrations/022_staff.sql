-- Staff: an individual member working at ONE store of a merchant (spec §5: a clerk already
-- assigned to a store cannot be moved to another; the merchant removes them first). Removing sets
-- status 'deleted' and keeps the row, so the clerk's past collections still name them.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  -- the top-level merchant (the owner's), whichever of its sub-merchants the store belongs to
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  store_id bigint NOT NULL REFERENCES stores(id),
  member_id bigint NOT NULL REFERENCES members(id),
  -- spec §6: whether the clerk may view all payment records of the store, not only their own
  all_records boolean NOT NULL DEFAULT false,
  contact_channel text NOT NULL CHECK (contact_channel IN ('mobile', 'email', 'qr')),
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'deleted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CHECK ((status = 'deleted') = (removed_at IS NOT NULL))
);
-- one store at a time per person: the rule of spec §5 held by the database, not by a read-then-write
CREATE UNIQUE INDEX staff_one_store_per_member ON staff (member_id) WHERE status = 'normal';
CREATE INDEX staff_merchant ON staff (merchant_id, status);
CREATE INDEX staff_store ON staff (store_id) WHERE status = 'normal';
-- A clerk's records are read through merchant_payments_merchant_time (a store's payments are its
-- merchant's); no index on cashier_id, which every payment would pay for on the hot path.
