#!/usr/bin/env bash
# python/run-tests.sh [PYTEST ARGS]: runs the Python reader's tests (docs/python.md) with the pinned packages of
# requirements.txt, installed from PyPI once per requirements.txt (HASH: its checksum) under
# ${CIF_CACHE:-~/.cache/cif}/spec-reader-HASH and reused: a virtual environment where python3-venv exists, else
# pip's --target (as bin/jdk21/bin/java does). The module cif-spec-reader runs it in `mvn verify`, with
# CIF_CAT_CLASSPATH set so the tests compare against the Java reader's `cif cat`; without it they run
# bin/cif cat. The exit status is pytest's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
hash=$(sha256sum "$here/requirements.txt" | cut -c1-12)
cache="${CIF_CACHE:-$HOME/.cache/cif}"
env="$cache/spec-reader-$hash"
if [[ ! -e "$env/ready" ]]; then
  mkdir -p "$cache"
  exec 9>"$cache/spec-reader.lock"
  flock 9
  if [[ ! -e "$env/ready" ]]; then
    log="$cache/spec-reader-install.log"
    echo "python/run-tests.sh: installing $(grep -v '^#' "$here/requirements.txt" | tr '\n' ' ')into $env (log: $log)" >&2
    rm -rf "$env"
    pip=(--disable-pip-version-check -q -r "$here/requirements.txt")
    if python3 -m venv "$env/venv" >>"$log" 2>&1; then
      "$env/venv/bin/python" -m pip install "${pip[@]}" >>"$log" 2>&1
    else
      python3 -m pip install --target "$env/site" "${pip[@]}" >>"$log" 2>&1
    fi || { echo "python/run-tests.sh: pip install failed; see $log" >&2; rm -rf "$env"; exit 1; }
    touch "$env/ready"
  fi
  exec 9>&-
fi
cd "$here"
if [[ -x "$env/venv/bin/python" ]]; then
  exec "$env/venv/bin/python" -m pytest -p no:cacheprovider "$@" tests
fi
PYTHONPATH="$env/site" exec python3 -m pytest -p no:cacheprovider "$@" tests
