#!/usr/bin/env bash
# `npm run mutation [folder...]`: Stryker one folder at a time, niced, then the score table.
# Folders: machines domain services storage server (default: all five). See docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

folders=("$@")
if [ ${#folders[@]} -eq 0 ]; then folders=(domain storage services server machines); fi

for folder in "${folders[@]}"; do
  printf '\n\033[1m== Mutation: %s\033[0m\n' "$folder"
  MUTATE_FOLDER="$folder" nice -n 10 npx stryker run
done

npx tsx scripts/mutationScores.ts
