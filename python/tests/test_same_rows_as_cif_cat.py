"""The Python reader gives the rows ``cif cat`` gives, for the golden dataset of every format version and
for tables embedded Hive wrote with every type and every codec the reader has a package for
(python/tests/hive/tables.sql). Compared in the canonical form of cif_reader.canonical."""

import json
import os

import pytest

from cif_reader import SplitDirectory, read, split_directories
from cif_reader.canonical import canonical, to_json

from conftest import HIVE, RESOURCES, cif_cat

GOLDEN = sorted([os.path.join("golden", "v7")] +
                [os.path.join("compat", d) for d in os.listdir(os.path.join(RESOURCES, "compat"))])
HIVE_TABLES = sorted(t for t in os.listdir(HIVE) if t != "codec_lzo")


def assert_same_rows(path):
    dirs = split_directories(path)
    assert dirs, f"no split-directory under {path}"
    schema = SplitDirectory(dirs[0]).schema
    python_rows = [canonical(schema, json.loads(json.dumps(to_json(r)))) for r in read(path)]
    java_rows = [canonical(schema, json.loads(line)) for line in cif_cat(path)]
    assert len(python_rows) == len(java_rows), f"{path}: {len(python_rows)} rows, cif cat {len(java_rows)}"
    assert python_rows, f"{path} has no rows"
    for i, (p, j) in enumerate(zip(python_rows, java_rows)):
        assert p == j, f"{path} row {i}: python {p} != cif cat {j}"


@pytest.mark.parametrize("dataset", GOLDEN)
def test_golden_dataset(dataset):
    assert_same_rows(os.path.join(RESOURCES, dataset))


def test_every_format_version_is_read():
    """The golden datasets hold files of every format version 1 to 7."""
    versions = set()
    for dataset in GOLDEN:
        for d in split_directories(os.path.join(RESOURCES, dataset)):
            sd = SplitDirectory(d)
            versions.add(sd.schema_file.frame.version)
            versions.update(sd.column(i).frame.version for i in range(len(sd.schema.fields)))
    assert versions == set(range(1, 8))


@pytest.mark.parametrize("table", HIVE_TABLES)
def test_hive_table(table):
    assert_same_rows(os.path.join(HIVE, table))


def test_hive_tables_cover_every_layout_and_codec():
    """What the Hive tables hold, so that the tests above cover it: every layout, every DCSL block mode,
    every block codec but LZO (in use: some blocks of a compressed table may fall back to codec 0)."""
    from cif_reader import layouts
    from cif_reader.column_file import ColumnFile
    seen_layouts, seen_codecs, seen_modes = set(), set(), set()
    for table in HIVE_TABLES:
        d = split_directories(os.path.join(HIVE, table))[0]
        for name in os.listdir(d):
            if not name[:4].isdigit():
                continue
            cf = ColumnFile(os.path.join(d, name))
            seen_layouts.add(cf.spec.layout)
            for b in cf.blocks:
                seen_codecs.add(cf.frame.data[b.offset + 12])
                if cf.spec.layout == "DCSL":
                    b.values()
                    seen_modes.add(b.dcsl_mode)
    assert seen_layouts == set(layouts.DECODERS)
    assert seen_codecs == {0, 1, 3, 4, 5}
    assert seen_modes == {0, 1, 2, 3}
