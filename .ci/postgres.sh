#!/usr/bin/env bash
# Start a throw-away PostgreSQL 15 on 127.0.0.1 and a free port; print the SQLAlchemy URL.
# Usage: source .ci/postgres.sh  (defines PGDATA_DIR, PRIVRISK_PG_URL, stop_postgres)
set -euo pipefail
PGBIN=/usr/lib/postgresql/15/bin
if [ ! -x "$PGBIN/pg_ctl" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PGDATA_DIR=$(mktemp -d)
chown postgres "$PGDATA_DIR"
PGPORT_FREE=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop_postgres() {
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA_DIR"
}
# PostgreSQL refuses to run as root: initdb and the server run as the postgres user.
runuser -u postgres -- "$PGBIN/initdb" -D "$PGDATA_DIR" -A trust -U postgres -E UTF8 --no-locale >/dev/null
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -l "$PGDATA_DIR/server.log" -w \
  -o "-h 127.0.0.1 -p $PGPORT_FREE -k $PGDATA_DIR" start >/dev/null
export PRIVRISK_PG_URL="postgresql+psycopg://postgres@127.0.0.1:$PGPORT_FREE/postgres"
