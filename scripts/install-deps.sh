#!/usr/bin/env bash
# Installs what the project needs on Debian 12 (apt only). Does nothing when all is there.
set -euo pipefail
packages=(
  g++ cmake ninja-build git pkg-config
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev
  libboost1.74-dev libsqlite3-dev
  clang-format python3 ccache
  clang-14 libclang-rt-14-dev clang-tidy  # clang-tidy: scripts/tidy.sh
  libtsan2  # ThreadSanitizer runtime for g++ (scripts/tsan.sh)
  pybind11-dev python3-numpy python3-pytest python3-dev
  valgrind  # callgrind instruction counts (bench/instruction_count.cpp)
  chromium fonts-wqy-microhei  # web e2e tests (playwright-core), the designer report's screenshot, print sheets to PDF (CJK font)
  mpich libmpich-dev  # villainy-mpi (tools/mpi): shards as MPI ranks
  nginx openssl zlib1g-dev  # the server behind TLS (scripts/proxy-test.sh); gzip of its files
)
# Node.js 20 and npm come with the machine (the browser client, web/, is built with them); the npm
# packages are installed by scripts/build-web.sh (npm ci, pinned by web/package-lock.json).
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
