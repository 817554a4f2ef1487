#!/usr/bin/env bash
# with_pg.sh COMMAND…: start a throwaway PostgreSQL cluster (initdb + pg_ctl in a temporary folder,
# on a free loopback port, as an unprivileged user), run COMMAND with DATABASE_URL pointing at it,
# then stop the cluster and delete the folder. Installs Debian's postgresql when missing.
set -uo pipefail
cd "$(dirname "$0")/.."
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
}
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDIR=$(mktemp -d /tmp/pgtest.XXXXXX)
PGUSER_OS=postgres
id -u $PGUSER_OS >/dev/null 2>&1 || PGUSER_OS=nobody
chown "$PGUSER_OS" "$PGDIR"
PGPORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u "$PGUSER_OS" -- "$@"); else "$@"; fi; }
as_pg "$PGBIN/initdb" -D "$PGDIR/data" --auth=trust -U postgres -E UTF8 >/dev/null || exit 1
as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -o "-p $PGPORT -c listen_addresses=127.0.0.1 -k $PGDIR -c fsync=off -c max_connections=200" \
  -l "$PGDIR/log" -w start >/dev/null || { cat "$PGDIR/log"; exit 1; }
trap 'as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1; rm -rf "$PGDIR"' EXIT
as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres eliria
export DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/eliria"
"$@"
