#!/usr/bin/env bash
# Builds the browser client (web/) into web/dist, which `villainy serve` serves at /. Installs the
# pinned npm packages first when web/node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/../web"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
npm run --silent build
