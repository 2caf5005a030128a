-- The merchant's daily payout (issue 26, part 7): the owner may have its settlement withdrawn to a
-- bound card every day at a time of its choosing (Luanda time). The job (server/jobs/dailyPayout.ts)
-- starts that day's withdrawal through the withdrawal code a manual withdrawal uses, with the same
-- charge, hold and bank settlement. `daily_payouts` is UNIQUE (merchant_id, business_day): however
-- many gateways run the job, and however often one is killed and restarted, a merchant gets at most
-- one payout a Luanda day (the row is written in the transaction that holds the money).
CREATE TABLE daily_payout_settings (
  merchant_id bigint PRIMARY KEY REFERENCES merchants(id),
  enabled boolean NOT NULL DEFAULT false,
  -- the Luanda time of day the payout starts (from then on, the first job run of the day takes it)
  payout_time time NOT NULL DEFAULT '18:00' CHECK (payout_time = date_trunc('minute', payout_time)),
  -- the owner's bound card it is paid to (the merchant's settlement card unless another was chosen)
  card_id bigint NOT NULL REFERENCES bank_cards(id),
  updated_by bigint NOT NULL REFERENCES members(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- the job's search: switched on, due by the time of day
CREATE INDEX daily_payout_settings_due ON daily_payout_settings (payout_time) WHERE enabled;

CREATE TABLE daily_payouts (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  -- the Luanda day it is the payout of
  business_day date NOT NULL,
  -- started: a withdrawal was made (its state is the bank's answer); skipped: nothing was paid, `reason` says why
  state text NOT NULL CHECK (state IN ('started', 'skipped')),
  -- empty (nothing to pay), belowMinimum (less than the bank's minimum withdrawal with its charge), or the refusal's answer code
  reason text,
  withdrawal_id bigint UNIQUE REFERENCES withdrawals(id),
  -- what the settlement held when the job looked (a skipped day shows it too)
  balance bigint NOT NULL DEFAULT 0,
  card_id bigint NOT NULL REFERENCES bank_cards(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, business_day),
  CHECK ((state = 'started') = (withdrawal_id IS NOT NULL)),
  CHECK ((state = 'skipped') = (reason IS NOT NULL))
);
