"""Bad input gives a CifFormatError naming the file, the column and the offset, never a wrong row: the
committed corrupt datasets (cif-core's regressions) and bytes flipped or cut here."""

import os
import re
import shutil

import pytest

from cif_reader import CifFormatError, read
from cif_reader.column_file import ColumnFile

from conftest import HIVE, RESOURCES, cif_cat_error

REGRESSIONS = sorted(os.listdir(os.path.join(RESOURCES, "regressions")))
GOLDEN_DIR = os.path.join(RESOURCES, "golden", "v7", "v7-00000")


@pytest.mark.parametrize("case", REGRESSIONS)
def test_regression_is_refused_at_the_offset_cif_cat_names(case):
    path = os.path.join(RESOURCES, "regressions", case)
    with pytest.raises(CifFormatError) as e:
        list(read(path))
    java = re.search(r"\[file (?:file:)?(.*), column (.*), offset (\d+)\]$", cif_cat_error(path))
    assert java, f"cif cat's error names no file, column and offset"
    assert (e.value.file, e.value.column, e.value.offset) == (java.group(1), java.group(2), int(java.group(3)))


def copy_golden(tmp_path):
    d = tmp_path / "t" / "part-00000"
    shutil.copytree(GOLDEN_DIR, d)
    return d


def corrupt(path, offset, value=None):
    data = bytearray(path.read_bytes())
    data[offset] = data[offset] ^ 0x01 if value is None else value
    path.write_bytes(bytes(data))


def test_flipped_block_byte(tmp_path):
    d = copy_golden(tmp_path)
    f = d / "0001-city.cif"
    block = ColumnFile(str(f)).blocks[0]
    corrupt(f, block.offset + 40)
    with pytest.raises(CifFormatError) as e:
        list(read(str(d)))
    assert e.value.reason == "block 0 checksum mismatch"
    assert (e.value.file, e.value.column, e.value.offset) == (str(f), "city", block.offset + 13)


def test_flipped_header_byte(tmp_path):
    d = copy_golden(tmp_path)
    corrupt(d / "0000-id.cif", 20)
    with pytest.raises(CifFormatError, match=r"header checksum mismatch \[file .*0000-id.cif, column id"):
        list(read(str(d)))


def test_flipped_footer_byte(tmp_path):
    d = copy_golden(tmp_path)
    f = d / "0002-url.cif"
    corrupt(f, f.stat().st_size - 14)
    with pytest.raises(CifFormatError, match=r"footer checksum mismatch \[file .*0002-url.cif, column url"):
        list(read(str(d)))


def test_unknown_version(tmp_path):
    d = copy_golden(tmp_path)
    corrupt(d / "0006-score.cif", 4, 8)
    with pytest.raises(CifFormatError, match=r"unsupported format version 8.*offset 4\]"):
        list(read(str(d)))


def test_truncated_file(tmp_path):
    d = copy_golden(tmp_path)
    f = d / "0008-tags.cif"
    f.write_bytes(f.read_bytes()[:-5])
    with pytest.raises(CifFormatError, match="no CIF tail"):
        list(read(str(d)))


def test_missing_column_file(tmp_path):
    d = copy_golden(tmp_path)
    (d / "0005-qty.cif").unlink()
    with pytest.raises(CifFormatError, match=r"column file is missing \[file .*0005-qty.cif, column qty"):
        list(read(str(d)))


def test_lzo_is_refused_clearly():
    with pytest.raises(CifFormatError, match=r"LZO.*not supported.*\[file .*codec_lzo.*, column id, offset \d+\]"):
        list(read(os.path.join(HIVE, "codec_lzo")))
