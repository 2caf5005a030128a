-- One-time codes are counted by who asks: codes of the public flows (sign-up, log-in, recovery) per
-- address, a signed-in member's own codes (card binding, top-up, pay password, number change) per
-- member. Before, every purpose shared one count per address, so a café's shared address that
-- exhausted it blocked its members' top-ups.
ALTER TABLE verification_codes ADD COLUMN member_id bigint REFERENCES members (id);
CREATE INDEX verification_codes_member_idx ON verification_codes (member_id, created_at) WHERE member_id IS NOT NULL;
