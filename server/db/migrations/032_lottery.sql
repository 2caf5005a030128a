-- The lottery (issue 25, README "Lottery"): activities made by operators, draws earned by top-ups
-- and merchant payments, each draw's outcome derived from a seed committed to before the activity
-- starts (services/lotteryDraw.ts), prizes paid into the cashback account by a job.

-- 1. Activities. The seed is secret until the activity ends (ends_at passes or an operator ends it);
-- its SHA-256 is published from the start. Neither may change once made (trigger below), nor may
-- the prize table: an operator cannot move a winner after the commitment.
CREATE TABLE lottery_activities (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  rules jsonb NOT NULL CHECK (rules ?& ARRAY['pt', 'en', 'zh']),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  -- ended early by an operator (no draw after it)
  ended_at timestamptz,
  entry text NOT NULL CHECK (entry IN ('recharge', 'consume')),
  threshold bigint NOT NULL CHECK (threshold > 0),
  draws_per_entry integer NOT NULL CHECK (draws_per_entry BETWEEN 1 AND 10),
  budget bigint NOT NULL CHECK (budget > 0),
  regulator_reference text NOT NULL,
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_commitment text NOT NULL CHECK (seed_commitment ~ '^[0-9a-f]{64}$'),
  -- the last draw's seq: draws take their place under this row's lock, so seq is the stock's order
  draws_made integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lottery_activities_open ON lottery_activities (entry, starts_at) WHERE ended_at IS NULL;

-- 2. The prize table, in its order (`position`): each line takes `odds_ppm` of the ticket range.
CREATE TABLE lottery_prizes (
  id bigserial PRIMARY KEY,
  activity_id bigint NOT NULL REFERENCES lottery_activities(id),
  position integer NOT NULL,
  name text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  quantity integer NOT NULL CHECK (quantity > 0),
  left_count integer NOT NULL CHECK (left_count BETWEEN 0 AND quantity),
  odds_ppm integer NOT NULL CHECK (odds_ppm BETWEEN 1 AND 1000000),
  UNIQUE (activity_id, position)
);

CREATE FUNCTION lottery_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lottery_activities' THEN
    IF NEW.seed <> OLD.seed OR NEW.seed_commitment <> OLD.seed_commitment OR NEW.starts_at <> OLD.starts_at
       OR NEW.threshold <> OLD.threshold OR NEW.entry <> OLD.entry OR NEW.draws_per_entry <> OLD.draws_per_entry OR NEW.budget <> OLD.budget THEN
      RAISE EXCEPTION 'a lottery activity''s seed, commitment and terms never change once made' USING ERRCODE = 'KW003';
    END IF;
  ELSIF NEW.activity_id <> OLD.activity_id OR NEW.position <> OLD.position OR NEW.amount <> OLD.amount
        OR NEW.quantity <> OLD.quantity OR NEW.odds_ppm <> OLD.odds_ppm THEN
    RAISE EXCEPTION 'a lottery prize line never changes once made (only its stock)' USING ERRCODE = 'KW003';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER lottery_activities_frozen BEFORE UPDATE ON lottery_activities FOR EACH ROW EXECUTE FUNCTION lottery_frozen();
CREATE TRIGGER lottery_prizes_frozen BEFORE UPDATE ON lottery_prizes FOR EACH ROW EXECUTE FUNCTION lottery_frozen();

-- 3. Who takes part, and their draws. `participant` is the member's public number in the draws
-- (never the member id), from one sequence: gaps are harmless, and no activity row is locked for it.
CREATE SEQUENCE lottery_participants;
CREATE TABLE lottery_entrants (
  activity_id bigint NOT NULL REFERENCES lottery_activities(id),
  member_id bigint NOT NULL REFERENCES members(id),
  participant integer NOT NULL UNIQUE DEFAULT nextval('lottery_participants'),
  earned integer NOT NULL CHECK (earned >= 0),
  used integer NOT NULL DEFAULT 0 CHECK (used BETWEEN 0 AND earned),
  PRIMARY KEY (activity_id, member_id)
);

-- Each qualifying top-up or merchant payment earns once, however often its posting is replayed.
CREATE TABLE lottery_earnings (
  activity_id bigint NOT NULL REFERENCES lottery_activities(id),
  source text NOT NULL CHECK (source IN ('topup', 'merchantPayment')),
  source_id bigint NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  amount bigint NOT NULL,
  draws integer NOT NULL CHECK (draws > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (activity_id, source, source_id)
);

CREATE TABLE lottery_draws (
  id bigserial PRIMARY KEY,
  activity_id bigint NOT NULL REFERENCES lottery_activities(id),
  seq integer NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  participant integer NOT NULL,
  draw_no integer NOT NULL,
  request_no text NOT NULL,
  ticket integer NOT NULL CHECK (ticket BETWEEN 0 AND 999999),
  prize_id bigint REFERENCES lottery_prizes(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (activity_id, seq),
  UNIQUE (activity_id, participant, draw_no),
  UNIQUE (member_id, request_no)
);

-- 4. Winning records and their delivery into the cashback account (server/jobs/prizeDelivery.ts).
CREATE TABLE lottery_winnings (
  id bigserial PRIMARY KEY,
  draw_id bigint NOT NULL UNIQUE REFERENCES lottery_draws(id),
  activity_id bigint NOT NULL REFERENCES lottery_activities(id),
  member_id bigint NOT NULL REFERENCES members(id),
  prize_id bigint NOT NULL REFERENCES lottery_prizes(id),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  transfer_id bigint REFERENCES ledger_transfers(id),
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'sent') = (transfer_id IS NOT NULL))
);
CREATE INDEX lottery_winnings_due ON lottery_winnings (next_attempt_at, id) WHERE status = 'waiting';
CREATE INDEX lottery_winnings_member ON lottery_winnings (member_id, id);
CREATE INDEX lottery_winnings_activity ON lottery_winnings (activity_id, id);

-- 5. Earning: each live activity of the entry's kind whose threshold the amount reaches gives its
-- draws to an individual member (spec §5: enterprises never take part), once per source.
CREATE FUNCTION lottery_earn(p_member bigint, p_source text, p_source_id bigint, p_amount bigint, p_activity bigint DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_activity record;
  v_total integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM members m WHERE m.id = p_member AND m.member_type = 'individual') THEN RETURN 0; END IF;
  FOR v_activity IN
    SELECT a.id, a.draws_per_entry FROM lottery_activities a
     WHERE a.entry = CASE p_source WHEN 'topup' THEN 'recharge' ELSE 'consume' END
       AND a.ended_at IS NULL AND a.starts_at <= now() AND a.ends_at > now() AND a.threshold <= p_amount
       AND (p_activity IS NULL OR a.id = p_activity)
  LOOP
    INSERT INTO lottery_earnings (activity_id, source, source_id, member_id, amount, draws)
      VALUES (v_activity.id, p_source, p_source_id, p_member, p_amount, v_activity.draws_per_entry)
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO lottery_entrants (activity_id, member_id, earned) VALUES (v_activity.id, p_member, v_activity.draws_per_entry)
        ON CONFLICT (activity_id, member_id) DO UPDATE SET earned = lottery_entrants.earned + EXCLUDED.earned;
      v_total := v_total + v_activity.draws_per_entry;
    END IF;
  END LOOP;
  RETURN v_total;
END;
$$;

-- 6. THE EXTENSION POINT (server/merchantPayment/extensions.ts): earned draws join a merchant
-- payment as the extension `draw`. The promotions' two hooks keep their bodies under new names, and
-- the hooks become: the promotions' part, then the draws'.
ALTER FUNCTION merchant_payment_adjustments(bigint, bigint, bigint, text, bigint) RENAME TO promotions_adjustments;
ALTER FUNCTION merchant_payment_apply(bigint, text, bigint, bigint, bigint, jsonb) RENAME TO promotions_apply;

-- The quote: a `draw` adjustment per live consume activity the amount qualifies for (its `amount`
-- is the number of draws, never money: nothing sums it as a price).
CREATE FUNCTION merchant_payment_adjustments(p_payer bigint, p_owner bigint, p_store bigint, p_method text, p_amount bigint)
RETURNS TABLE (adjustments jsonb, discount bigint)
LANGUAGE sql STABLE AS $$
  SELECT p.adjustments || coalesce(d.draws, '[]'::jsonb), p.discount
    FROM promotions_adjustments(p_payer, p_owner, p_store, p_method, p_amount) AS p
    LEFT JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('extension', 'draw', 'kind', 'draw', 'amount', a.draws_per_entry, 'reference', 'lottery:' || a.id) ORDER BY a.id) AS draws
        FROM lottery_activities a
       WHERE a.entry = 'consume' AND a.ended_at IS NULL AND a.starts_at <= now() AND a.ends_at > now()
         AND p_amount IS NOT NULL AND a.threshold <= p_amount
         AND EXISTS (SELECT 1 FROM members m WHERE m.id = p_payer AND m.member_type = 'individual')) AS d ON true
$$;

-- The posting: the promotions' adjustments as before; each `draw` counts once for this payment, on
-- its price as quoted (an activity that ended meanwhile gives none: the payment never fails for it).
CREATE FUNCTION merchant_payment_apply(p_payment_id bigint, p_key text, p_payer bigint, p_owner bigint, p_settlement bigint, p_adjustments jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_promotions jsonb;
  v_draw jsonb;
  v_amount bigint;
BEGIN
  SELECT coalesce(jsonb_agg(e), '[]'::jsonb) INTO v_promotions FROM jsonb_array_elements(p_adjustments) AS e WHERE e ->> 'extension' <> 'draw';
  IF v_promotions <> '[]'::jsonb THEN
    PERFORM promotions_apply(p_payment_id, p_key, p_payer, p_owner, p_settlement, v_promotions);
  END IF;
  FOR v_draw IN SELECT e FROM jsonb_array_elements(p_adjustments) AS e WHERE e ->> 'extension' = 'draw' LOOP
    SELECT p.amount INTO v_amount FROM merchant_payments p WHERE p.id = p_payment_id;
    PERFORM lottery_earn(p_payer, 'merchantPayment', p_payment_id, v_amount, split_part(v_draw ->> 'reference', ':', 2)::bigint);
  END LOOP;
END;
$$;
