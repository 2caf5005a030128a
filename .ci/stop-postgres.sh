#!/usr/bin/env bash
# Stops the throwaway PostgreSQL cluster of .ci/start-postgres.sh (same PGPORT/PGDATA defaults), then
# checks that it is gone: pg_ctl sees no server, no postmaster.pid is left, its postmaster process
# has ended and nothing answers on its port. Exits 1, loudly, if any of that remains.
#
# With KW_PG_OWNER set (as .ci/run and the benchmark do), it stops the cluster only if
# start-postgres.sh started it under that same token: a cluster that was already running there
# belongs to someone else (another run using the same directory) and is left alone. Without
# KW_PG_OWNER it stops whatever cluster runs in PGDATA (by hand).
set -euo pipefail
PGPORT=${PGPORT:-54329}
PGDATA=${PGDATA:-/tmp/kw-pg-data}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "postgresql is not installed" >&2; exit 1; }
run_as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
running() { run_as_postgres "$bindir/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; }

if [ -n "${KW_PG_OWNER:-}" ] && [ "$(cat "$PGDATA/kw-pg-owner" 2>/dev/null)" != "$KW_PG_OWNER" ]; then
  if running; then echo "PostgreSQL in $PGDATA was not started by this run: left running" >&2; fi
  exit 0
fi

# the postmaster's pid and port, read before it removes its pid file
postmaster=$(sed -n 1p "$PGDATA/postmaster.pid" 2>/dev/null || true)
port=$(sed -n 4p "$PGDATA/postmaster.pid" 2>/dev/null || true)
port=${port:-$PGPORT}

was_running=no
if running; then
  was_running=yes
  # fast: disconnect the clients, roll back, shut down cleanly; immediate if that does not end it
  run_as_postgres "$bindir/pg_ctl" -D "$PGDATA" stop -m fast -w -t 60 >/dev/null 2>&1 ||
    run_as_postgres "$bindir/pg_ctl" -D "$PGDATA" stop -m immediate -w -t 30 >/dev/null 2>&1 || true
fi

# pg_ctl returns when the pid file is gone, a moment before the postmaster process has ended
alive() { [ -n "$postmaster" ] && kill -0 "$postmaster" 2>/dev/null && [ "$(sed 's/.*) //' "/proc/$postmaster/stat" 2>/dev/null | cut -d' ' -f1)" != Z ]; }
for _ in $(seq 100); do alive || break; sleep 0.1; done

# a postmaster that died without cleaning up (kill -9) leaves its pid file: stale once nothing runs
if [ -e "$PGDATA/postmaster.pid" ] && ! running && ! alive; then
  rm -f "$PGDATA/postmaster.pid"
  echo "removed the stale $PGDATA/postmaster.pid (its postmaster $postmaster had ended)" >&2
fi

left=()
if running; then left+=("pg_ctl still reports a server running in $PGDATA"); fi
if [ -e "$PGDATA/postmaster.pid" ]; then left+=("$PGDATA/postmaster.pid is still there"); fi
if alive; then left+=("postmaster process $postmaster is still alive"); fi
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then left+=("something still accepts connections on 127.0.0.1:$port"); fi
if [ ${#left[@]} -gt 0 ]; then
  echo "✗ PostgreSQL in $PGDATA (port $port) did not stop:" >&2
  printf '  - %s\n' "${left[@]}" >&2
  exit 1
fi
if [ $was_running = yes ]; then echo "PostgreSQL in $PGDATA (port $port) stopped" >&2; else echo "PostgreSQL in $PGDATA was not running" >&2; fi
