-- The lottery, after review (README "Lottery"): making an activity is idempotent on the operator's
-- requestNo (a form sent again after a lost answer makes no second activity with its own budget),
-- and a merchant payment refunded whole takes back the draws it earned that are not used yet.

ALTER TABLE lottery_activities ADD COLUMN request_no text, ADD COLUMN request_hash text;
CREATE UNIQUE INDEX lottery_activities_request ON lottery_activities (created_by, request_no) WHERE request_no IS NOT NULL;

ALTER TABLE lottery_earnings ADD COLUMN taken_back integer NOT NULL DEFAULT 0;
ALTER TABLE lottery_earnings ADD CONSTRAINT lottery_earnings_taken_back CHECK (taken_back BETWEEN 0 AND draws);

-- What a source's earnings gave and is not used yet goes back: as many of the member's unused draws
-- as the earning gave (never a draw already made). Answers the draws taken back.
CREATE FUNCTION lottery_take_back(p_source text, p_source_id bigint) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_earning record;
  v_take integer;
  v_total integer := 0;
BEGIN
  FOR v_earning IN
    SELECT activity_id, member_id, draws - taken_back AS left_ FROM lottery_earnings
     WHERE source = p_source AND source_id = p_source_id AND draws > taken_back ORDER BY activity_id FOR UPDATE
  LOOP
    SELECT least(v_earning.left_, e.earned - e.used) INTO v_take FROM lottery_entrants e
     WHERE e.activity_id = v_earning.activity_id AND e.member_id = v_earning.member_id FOR UPDATE;
    IF v_take > 0 THEN
      UPDATE lottery_entrants SET earned = earned - v_take WHERE activity_id = v_earning.activity_id AND member_id = v_earning.member_id;
      UPDATE lottery_earnings SET taken_back = taken_back + v_take WHERE activity_id = v_earning.activity_id AND source = p_source AND source_id = p_source_id;
      v_total := v_total + v_take;
    END IF;
  END LOOP;
  RETURN v_total;
END;
$$;
