-- Account look-ups (recovery's checkAccount4FindPassword, log-in's getMemberTypeAndOperators) are
-- counted per address and per number, the way log-in failures are, so enumeration meets a captcha
-- and then a stop.
ALTER TABLE security_events DROP CONSTRAINT security_events_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_check
  CHECK (kind IN ('loginFailure', 'codeFailure', 'captchaFailure', 'accountLookup'));
ALTER TABLE security_events ADD COLUMN subject text;
CREATE INDEX security_events_subject_idx ON security_events (subject, created_at) WHERE subject IS NOT NULL;

-- The native apps' published versions: the download page shows the newest; a shell older than
-- min_supported must update, an older one may.
CREATE TABLE app_versions (
  id bigserial PRIMARY KEY,
  platform text NOT NULL CHECK (platform IN ('android', 'ios')),
  version text NOT NULL CHECK (version ~ '^\d{1,4}\.\d{1,4}\.\d{1,4}$'),
  min_supported text NOT NULL CHECK (min_supported ~ '^\d{1,4}\.\d{1,4}\.\d{1,4}$'),
  download_url text NOT NULL,
  -- release notes by language (pt, en, zh; fr falls back to pt)
  notes jsonb NOT NULL DEFAULT '{}'::jsonb,
  released_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, version)
);
CREATE INDEX app_versions_latest ON app_versions (platform, released_at DESC);

INSERT INTO app_versions (platform, version, min_supported, download_url, notes, released_at) VALUES
  ('android', '2.4.0', '2.0.0', 'https://play.google.com/store/apps/details?id=ao.kwanza.wallet',
   '{"pt": "Pagamentos por código, transferências mais rápidas e correções.", "en": "Payment codes, faster transfers and fixes.", "zh": "付款码、更快的转账及问题修复。"}', '2026-10-01T09:00:00Z'),
  ('ios', '2.4.0', '2.0.0', 'https://apps.apple.com/ao/app/kwanza-wallet/id6470000000',
   '{"pt": "Pagamentos por código, transferências mais rápidas e correções.", "en": "Payment codes, faster transfers and fixes.", "zh": "付款码、更快的转账及问题修复。"}', '2026-10-01T09:00:00Z');
