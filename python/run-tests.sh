#!/usr/bin/env bash
# python/run-tests.sh [PYTEST ARGS]: runs the Python reader's tests (docs/python.md) in a virtual environment
# under ${CIF_CACHE:-~/.cache/cif}/spec-reader-HASH, made once per requirements.txt (HASH is its checksum)
# with the pinned packages from PyPI, then reused. The module cif-spec-reader runs it in `mvn verify`,
# with CIF_CAT_CLASSPATH set so the tests compare against the Java reader's `cif cat`; without it they
# run bin/cif cat. The exit status is pytest's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
hash=$(sha256sum "$here/requirements.txt" | cut -c1-12)
cache="${CIF_CACHE:-$HOME/.cache/cif}"
venv="$cache/spec-reader-$hash"
if [[ ! -x "$venv/bin/pytest" ]]; then
  mkdir -p "$cache"
  exec 9>"$cache/spec-reader.lock"
  flock 9
  if [[ ! -x "$venv/bin/pytest" ]]; then
    log="$cache/spec-reader-install.log"
    echo "python/run-tests.sh: installing $(grep -v '^#' "$here/requirements.txt" | tr '\n' ' ')into $venv (log: $log)" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" >>"$log" 2>&1
    "$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$here/requirements.txt" >>"$log" 2>&1 || {
      echo "python/run-tests.sh: pip install failed; see $log" >&2; rm -rf "$venv"; exit 1; }
  fi
  exec 9>&-
fi
cd "$here"
exec "$venv/bin/python" -m pytest -p no:cacheprovider "$@" tests
