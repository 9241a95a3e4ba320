#!/usr/bin/env bash
# `npm run mutation [folder...]`: Stryker one folder at a time, niced, then the score table.
# Folders: machines domain services storage server (default: all five), or one part of server
# (server-http, server-members, server-ai, server-live, server-fakes, server-accounts) or of the machines
# (machines-chat, -games, -profile, -session, -settings, -social). See docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# A fresh clone: the packages (Stryker is a dev dependency) and the Postgres server binaries the
# database tests start a throwaway cluster from.
[ -d node_modules/@stryker-mutator/core ] || npm ci --no-audit --no-fund
source scripts/ensurePostgres.sh

SERVER_PARTS=(server-http server-members server-ai server-live server-fakes server-accounts)
MACHINE_PARTS=(machines-chat machines-games machines-profile machines-session machines-settings machines-social)
folders=()
for folder in "${@:-domain storage services server machines}"; do
  for name in $folder; do
    # `server` and `machines` are measured in their parts (stryker.config.mjs).
    if [ "$name" = server ]; then folders+=("${SERVER_PARTS[@]}")
    elif [ "$name" = machines ]; then folders+=("${MACHINE_PARTS[@]}")
    else folders+=("$name"); fi
  done
done

for folder in "${folders[@]}"; do
  printf '\n\033[1m== Mutation: %s\033[0m\n' "$folder"
  MUTATE_FOLDER="$folder" nice -n 10 npx stryker run
done

npx tsx scripts/mutationScores.ts
