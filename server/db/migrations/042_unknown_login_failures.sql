-- Password log-in answers a login no account has (or one without a password, or closed) as it
-- answers an account's wrong password: with the tries left, then a lock of LOCKOUT.minutes. Before,
-- that answer came without a count, which told who has an account. The counts of such logins are
-- kept here, under the login as an account would be found by it (+244…, or the e-mail in lower case).
CREATE TABLE unknown_login_failures (
  login text PRIMARY KEY,
  failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),
  locked_until timestamptz
);
