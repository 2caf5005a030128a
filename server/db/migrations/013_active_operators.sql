-- An operator switched off (operators.active = false) loses every session at once, not at expiry.
CREATE OR REPLACE FUNCTION session_principal(p_token_hash text, p_idle_seconds double precision, p_granularity_seconds double precision)
RETURNS TABLE (id bigint, audience text, member_id bigint, operator_id text)
LANGUAGE plpgsql AS $$
DECLARE
  v_session sessions%ROWTYPE;
BEGIN
  SELECT * INTO v_session FROM sessions s
   WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL AND s.expires_at > now()
     AND s.last_seen_at > now() - make_interval(secs => p_idle_seconds)
     AND (s.audience <> 'operator' OR EXISTS (SELECT 1 FROM operators o WHERE o.id = s.operator_id AND o.active));
  IF NOT FOUND THEN RETURN; END IF;
  IF v_session.last_seen_at < now() - make_interval(secs => p_granularity_seconds) THEN
    UPDATE sessions SET last_seen_at = now() WHERE sessions.id = v_session.id;
  END IF;
  RETURN QUERY SELECT v_session.id, v_session.audience, v_session.member_id, v_session.operator_id;
END;
$$;
