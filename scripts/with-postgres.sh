#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster: initdb in a temporary folder, a server
# on 127.0.0.1 and a socket folder under /tmp at a free non-default port, trust authentication
# (nothing but this machine can reach it, and it lives as long as the command), one database
# `testbed`, and TESTBED_PG_URL=postgres://postgres@127.0.0.1:PORT/testbed in the command's
# environment. The cluster is stopped and its folder deleted when the command ends, whether it
# passed, failed or was interrupted; the command's exit code is this script's.
#
#   scripts/with-postgres.sh npm run test:postgres
#   scripts/with-postgres.sh npx tsx bench/postgres-vs-bm25.ts
#
# Needs Debian's PostgreSQL (apt-get install postgresql): initdb and pg_ctl are looked up on
# PATH, then in /usr/lib/postgresql/<newest>/bin. initdb refuses to run as root, so as root the
# cluster runs as the `postgres` user the package creates.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: scripts/with-postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

pg_bin=""
if ! command -v initdb >/dev/null; then
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "with-postgres: no initdb on PATH or in /usr/lib/postgresql/*/bin; install PostgreSQL (apt-get install postgresql)" >&2
    exit 2
  fi
  pg_bin="$pg_bin/"
fi

as_owner=()
if [ "$(id -u)" -eq 0 ]; then as_owner=(runuser -u postgres --); fi

dir=$(mktemp -d /tmp/testbed-pg.XXXXXX)
chmod 755 "$dir"
mkdir "$dir/data" "$dir/socket"
if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$dir"; fi

stop_cluster() {
  "${as_owner[@]}" "${pg_bin}pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${as_owner[@]}" "${pg_bin}initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }

# A port nothing listens on: PGPORT_TESTBED if given, else the first free one from 55432 on
# (the server then fails to start if another process takes it in between, and the next is tried).
started=""
for port in ${PGPORT_TESTBED:-$(seq 55432 55452)}; do
  if "${as_owner[@]}" "${pg_bin}pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null 2>&1; then
    started=$port
    break
  fi
done
if [ -z "$started" ]; then
  echo "with-postgres: the server did not start; its log:" >&2
  cat "$dir/server.log" >&2 || true
  exit 1
fi
"${as_owner[@]}" "${pg_bin}psql" -q -h "$dir/socket" -p "$started" -U postgres -d postgres -c 'CREATE DATABASE testbed' >/dev/null

export TESTBED_PG_URL="postgres://postgres@127.0.0.1:$started/testbed"
echo "with-postgres: PostgreSQL at $TESTBED_PG_URL (stopped and deleted when the command ends)" >&2
set +e
"$@"
status=$?
set -e
exit $status
