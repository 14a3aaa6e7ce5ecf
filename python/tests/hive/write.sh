#!/usr/bin/env bash
# Rewrites python/tests/data/hive/ with embedded Hive (bin/cif hive): the tables of tables.sql, each table's
# split-directory copied as python/tests/data/hive/TABLE. Run from anywhere; takes a few minutes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
root="$(cd "$here/../../.." && pwd -P)"
wh="$(mktemp -d)"
trap 'rm -rf "$wh"' EXIT
"$root/bin/cif" hive --warehouse "$wh" -f "$here/tables.sql"
out="$root/python/tests/data/hive"
rm -rf "$out"
for table in codec_none codec_zlib codec_lz4 codec_snappy codec_zstd codec_lzo layouts; do
  dir="$(dirname "$(find "$wh" -path "*/$table/*" -name 'schema-*.cif' | head -1)")"
  mkdir -p "$out/$table"
  cp "$dir"/*.cif "$out/$table/"
done
