#!/usr/bin/env bash
# Checks that the Debian packages the build needs are installed; installs
# the missing ones when run as root (CI, a fresh machine), otherwise prints
# the exact command to run. Called by `make deps` and before any build.
set -u
need=(build-essential pkg-config libzmq3-dev libcjson-dev libcurl4-openssl-dev
      libcriterion-dev libmicrohttpd-dev libsqlite3-dev zlib1g-dev python3-zmq
      python3-venv python3-setuptools python3-wheel
      chromium curl procps bubblewrap util-linux)
# The Slurm test (tests/test_slurm.c) starts a private single-node Slurm:
# installed with the rest as root (CI), only named otherwise (the test then
# skips itself unless a Slurm is reachable).
test_need=(slurm-wlm munge)
missing=()
for p in "${need[@]}" "${test_need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  required=()
  for p in "${missing[@]}"; do [[ " ${test_need[*]} " == *" $p "* ]] || required+=("$p"); done
  if [ ${#required[@]} -eq 0 ]; then
    echo "deps: not installed: ${missing[*]} (only the Slurm test needs them; it skips itself): $cmd" >&2
    exit 0
  fi
  echo "deps: missing Debian packages: ${missing[*]}" >&2
  echo "deps: run:  sudo apt-get update && sudo $cmd" >&2
  exit 1
fi
echo "deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 && $cmd >&2 || { echo "deps: apt-get failed; run: apt-get update && $cmd" >&2; exit 1; }
