#!/usr/bin/env bash
# `npm test`: everything CI checks, in order. Installs Debian's Chromium when no browser is found, and
# Debian's postgresql (for the throwaway test cluster) when no Postgres server binaries are found
# (scripts/ensurePostgres.sh, shared with `npm run mutation`).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

find_chromium() {
  for candidate in "${CHROME_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  return 1
}

step "Browser for end-to-end tests"
if ! CHROME=$(find_chromium); then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "No Chromium found: installing Debian's chromium package..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    CHROME=$(find_chromium) || { echo "Chromium install failed." >&2; exit 1; }
  else
    echo "No Chromium found. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH." >&2
    exit 1
  fi
fi
export CHROME_PATH="$CHROME"
echo "Using $CHROME_PATH ($("$CHROME_PATH" --version 2>/dev/null || echo 'version unknown'))"

step "Postgres server for the database tests"
source scripts/ensurePostgres.sh

step "Lint"
npx eslint . --max-warnings=0

step "Type check"
npx tsc --noEmit -p tsconfig.json

step "Unused files, exports and dependencies (knip)"
npx knip

step "Unit, model-based, storage, service and server tests"
npx vitest run

step "Build (as npm start does: app, compressed copies, compiled server) and first-screen budget (/intro in Chromium)"
npm run build --silent
npx tsx scripts/budget.ts

step "End-to-end tests in Chromium"
npx vitest run --config vitest.e2e.config.ts

step "Route coverage: every /api route the client can call answered the browser in the e2e run"
npx tsx scripts/routeCoverage.ts
