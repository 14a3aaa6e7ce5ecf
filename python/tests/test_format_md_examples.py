"""FORMAT.md's worked examples, read by the Python decoders: the bytes of each example block tagged
``<!-- example: NAME -->`` (which cif-core's WorkedExamplesTest holds to the Java writer) must decode to
the rows the text says they hold."""

import os
import re
from types import SimpleNamespace

import pytest

from cif_reader import layouts
from cif_reader import schema as schemas
from cif_reader.source import Source

from conftest import ROOT

FORMAT_MD = os.path.join(ROOT, "docs", "FORMAT.md")


def example_bytes(name):
    """The bytes of example ``name``: each line's leading hex pairs (the rest of a line is its meaning)."""
    text = open(FORMAT_MD, encoding="utf-8").read()
    m = re.search(r"<!-- example: " + re.escape(name) + r" -->\n```\n(.*?)```", text, re.S)
    assert m, f"FORMAT.md has no example {name}"
    out = bytearray()
    for line in m.group(1).splitlines():
        hexpart = re.split(r"\s{2,}", line.strip())[0]
        out += bytes(int(tok, 16) for tok in hexpart.split())
    return bytes(out)


def decode(name, layout, schema_json, levels, rows):
    payload = example_bytes(name)
    col = SimpleNamespace(type=schemas.parse(schema_json), levels=levels, version=6, name="c")
    return layouts.DECODERS[layout](col, Source(payload, "FORMAT.md", "c"), rows, SimpleNamespace())


@pytest.mark.parametrize("name, layout, schema, levels, rows", [
    ("dcsl-dictionary", "DCSL", '["null", {"type": "map", "values": "int"}]', [2],
     [{"a": 1, "b": 2}, None, {"b": 3}]),
    ("dcsl-value-dictionary", "DCSL", '{"type": "map", "values": ["null", "string"]}', [2],
     [{"a": "x", "b": None}, {}, {"a": "x"}]),
    ("dict-dictionary", "DICT", '"string"', [], ["a", "b", "a"]),
    ("dict-nullable", "DICT", '["null", "string"]', [2], ["x", None, "x"]),
    ("packed-frame-of-reference", "PACKED", '"int"', [], [5, 6, 7]),
    ("packed-repeats", "PACKED", '"int"', [], [5] * 512 + [260] * 512),
])
def test_example(name, layout, schema, levels, rows):
    assert decode(name, layout, schema, levels, len(rows)) == rows


def test_dict_inline_example():
    """§6.4's inline block, given in the prose: ``01 | 03 02 78 00 | 02 02 78``."""
    col = SimpleNamespace(type=schemas.parse('["null", "string"]'), levels=[2], version=6, name="c")
    payload = bytes.fromhex("01 03 02 78 00 02 02 78".replace(" ", ""))
    assert layouts.dict_layout(col, Source(payload), 3, None) == ["x", None, "x"]
