#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1:$PGPORT (trust auth, owned by the postgres user)
# and prints the URL tests use as TEST_DATABASE_URL. Safe to run twice. Tests run without fsync;
# DURABLE=1 keeps PostgreSQL's defaults (fsync, synchronous commit), as the benchmark needs.
#
# KW_PG_OWNER=<token> records who started the cluster ($PGDATA/kw-pg-owner), so that
# .ci/stop-postgres.sh with the same token stops it, and only it. A cluster already running in
# PGDATA is used as it is and not marked: whoever started it stops it.
set -euo pipefail
PGPORT=${PGPORT:-54329}
PGDATA=${PGDATA:-/tmp/kw-pg-data}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "postgresql is not installed" >&2; exit 1; }
run_as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if run_as_postgres "$bindir/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  echo "PostgreSQL is already running in $PGDATA: using it, and leaving it running (this run did not start it)" >&2
else
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA" && { [ "$(id -u)" != 0 ] || chown postgres:postgres "$PGDATA"; }
  run_as_postgres "$bindir/initdb" -D "$PGDATA" -U postgres -A trust --no-sync >/dev/null
  # marked before it starts, so a start that is interrupted half-way is still stopped by its owner
  printf '%s\n' "${KW_PG_OWNER:-}" >"$PGDATA/kw-pg-owner"
  run_as_postgres "$bindir/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 $([ "${DURABLE:-}" = 1 ] || echo '-c fsync=off -c synchronous_commit=off')" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
