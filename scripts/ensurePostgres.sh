# Sourced by scripts/test.sh and scripts/mutation.sh: the database tests start a throwaway Postgres
# cluster (tests/support/postgresCluster.ts) from Debian's server binaries. Installs Debian's postgresql
# when they are missing and we may (root with apt-get); DATABASE_URL_TEST points at a server instead.
find_postgres() {
  for bin in /usr/lib/postgresql/*/bin; do
    if [ -x "$bin/initdb" ] && [ -x "$bin/pg_ctl" ] && [ -x "$bin/postgres" ]; then echo "$bin"; return 0; fi
  done
  return 1
}

if [ -n "${DATABASE_URL_TEST:-}" ]; then
  echo "Using DATABASE_URL_TEST."
elif ! PG_BIN=$(find_postgres); then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "No Postgres found: installing Debian's postgresql package..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    PG_BIN=$(find_postgres) || { echo "postgresql install failed." >&2; exit 1; }
    echo "Using $PG_BIN (a throwaway cluster is started for the tests)"
  else
    echo "No Postgres found. Install it (Debian/Ubuntu: sudo apt-get install postgresql) or set DATABASE_URL_TEST." >&2
    exit 1
  fi
else
  echo "Using $PG_BIN (a throwaway cluster is started for the tests)"
fi
