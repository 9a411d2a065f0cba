#!/usr/bin/env bash
# Start a throw-away MariaDB on 127.0.0.1 and a free port, with three users: privrisk (every
# privilege, for the tests' own tables), privrisk_ro (SELECT and CREATE TEMPORARY TABLES only,
# the read-only tests' user) and privrisk_wild (every privilege through a wildcard database
# grant). Usage: source .ci/mariadb.sh  (defines PRIVRISK_MYSQL_URL, PRIVRISK_MYSQL_RO_URL,
# PRIVRISK_MYSQL_WILD_URL, PRIVRISK_MYSQL_NODROP_URL, PRIVRISK_MYSQL_ROLE_URL, stop_mariadb)
set -euo pipefail
if ! command -v mariadbd >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server >/dev/null
fi
MARIADB_DIR=$(mktemp -d)
chown mysql "$MARIADB_DIR"
MARIADB_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop_mariadb() {
  # mariadbd removes its socket early in shutdown and writes its data files for seconds after:
  # wait for the process itself, or the rm below races it ("Directory not empty") and, run from
  # .ci/run's EXIT trap under set -e, turns a passing run into exit 1 (seen once in CI).
  local pid=
  if [ -f "$MARIADB_DIR/pid" ]; then pid=$(cat "$MARIADB_DIR/pid"); kill "$pid" 2>/dev/null || true; fi
  for _ in $(seq 600); do { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break; sleep 0.1; done
  rm -rf "$MARIADB_DIR"
}
mariadb-install-db --user=mysql --datadir="$MARIADB_DIR/data" --skip-test-db --auth-root-authentication-method=socket \
  >"$MARIADB_DIR/install.log" 2>&1
mariadbd --user=mysql --datadir="$MARIADB_DIR/data" --port="$MARIADB_PORT" --bind-address=127.0.0.1 \
  --socket="$MARIADB_DIR/sock" --pid-file="$MARIADB_DIR/pid" --skip-log-bin \
  --innodb-buffer-pool-size=1G --max-connections=200 >"$MARIADB_DIR/server.log" 2>&1 &
for _ in $(seq 100); do [ -S "$MARIADB_DIR/sock" ] && break; sleep 0.1; done
mariadb --socket="$MARIADB_DIR/sock" -u root <<SQL
CREATE DATABASE privrisk CHARACTER SET utf8mb4;
CREATE USER 'privrisk'@'127.0.0.1' IDENTIFIED BY 'privrisk';
GRANT ALL PRIVILEGES ON *.* TO 'privrisk'@'127.0.0.1';
CREATE USER 'privrisk_ro'@'127.0.0.1' IDENTIFIED BY 'privrisk_ro';
GRANT SELECT, CREATE TEMPORARY TABLES ON privrisk.* TO 'privrisk_ro'@'127.0.0.1';
CREATE USER 'privrisk_wild'@'127.0.0.1' IDENTIFIED BY 'privrisk_wild';
GRANT ALL PRIVILEGES ON \`privr%\`.* TO 'privrisk_wild'@'127.0.0.1';
CREATE USER 'privrisk_nodrop'@'127.0.0.1' IDENTIFIED BY 'privrisk_nodrop';
GRANT SELECT, INSERT, CREATE, CREATE TEMPORARY TABLES ON privrisk.* TO 'privrisk_nodrop'@'127.0.0.1';
CREATE ROLE privrisk_publisher;
GRANT ALTER, DROP ON privrisk.* TO privrisk_publisher;
CREATE USER 'privrisk_role'@'127.0.0.1' IDENTIFIED BY 'privrisk_role';
GRANT SELECT, INSERT, CREATE, CREATE TEMPORARY TABLES ON privrisk.* TO 'privrisk_role'@'127.0.0.1';
GRANT privrisk_publisher TO 'privrisk_role'@'127.0.0.1';
SET DEFAULT ROLE privrisk_publisher FOR 'privrisk_role'@'127.0.0.1';
SQL
export PRIVRISK_MYSQL_URL="mysql+pymysql://privrisk:privrisk@127.0.0.1:$MARIADB_PORT/privrisk?charset=utf8mb4"
export PRIVRISK_MYSQL_RO_URL="mysql+pymysql://privrisk_ro:privrisk_ro@127.0.0.1:$MARIADB_PORT/privrisk?charset=utf8mb4"
# A user whose CREATE comes from a wildcard database grant (`privr%`.*), which MariaDB's
# information_schema lists under the pattern, not the database: the privilege check must try.
export PRIVRISK_MYSQL_WILD_URL="mysql+pymysql://privrisk_wild:privrisk_wild@127.0.0.1:$MARIADB_PORT/privrisk?charset=utf8mb4"
# A user who may create tables but not rename or drop them (the publish does both), and one whose
# ALTER and DROP come from its default role, which information_schema does not list.
export PRIVRISK_MYSQL_NODROP_URL="mysql+pymysql://privrisk_nodrop:privrisk_nodrop@127.0.0.1:$MARIADB_PORT/privrisk?charset=utf8mb4"
export PRIVRISK_MYSQL_ROLE_URL="mysql+pymysql://privrisk_role:privrisk_role@127.0.0.1:$MARIADB_PORT/privrisk?charset=utf8mb4"
