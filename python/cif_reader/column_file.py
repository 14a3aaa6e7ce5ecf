"""One CIF file (FORMAT.md §3): the frame's header and tail, and for a column file (§5) its header keys,
footer, block statistics and blocks."""

import math
import re
import struct

from . import schema as schemas
from . import values
from .checksum import crc32c
from .codecs import decompress
from .layouts import DECODERS
from .source import CifFormatError, Source

MAGIC = b"CIF\x00"
VERSIONS = range(1, 8)
KIND_COLUMN, KIND_SCHEMA = 1, 2
MAX_META_BYTES = 64 << 20
MAX_VALUE_BYTES = 256 << 20
MAX_BLOCK_BYTES = 2 * MAX_VALUE_BYTES + (1 << 20)
BLOCK_HEADER = 17
LAYOUTS = ("PLAIN", "SKIP_LIST", "DCSL", "DICT", "PACKED")
CODECS = ("NONE", "ZLIB", "LZO", "LZ4", "SNAPPY", "ZSTD")


class Frame:
    """A file's bytes with its header parsed and its tail checked (§3, "Opening a file")."""

    def __init__(self, path, kind, column="-"):
        self.path = path
        self.column = column
        with open(path, "rb") as f:
            self.data = f.read()
        d = self.data
        if len(d) < 26:
            raise self.error("file is truncated", 0)
        if d[:4] != MAGIC:
            raise self.error("not a CIF file (bad magic)", 0)
        self.version = d[4]
        if self.version not in VERSIONS:
            raise self.error(f"unsupported format version {self.version}: this reader reads 1 to 7", 4)
        self.kind = d[5]
        (meta_len,) = struct.unpack_from(">I", d, 6)
        if meta_len > MAX_META_BYTES or 10 + meta_len + 4 + 12 > len(d):
            raise self.error(f"impossible header length {meta_len}", 6)
        self.header_length = 10 + meta_len + 4
        (crc,) = struct.unpack_from(">I", d, 10 + meta_len)
        if crc32c(d, 0, 10 + meta_len) != crc:
            raise self.error("header checksum mismatch", 10 + meta_len)
        src = self.source(10, 10 + meta_len)
        self.meta = {}
        for _ in range(src.count(2)):
            k = src.string()
            self.meta[k] = src.string()
        if src.pos != src.end:
            raise src.error("header metadata has trailing bytes")
        if self.kind != kind:
            raise self.error(f"not a {'column' if kind == KIND_COLUMN else 'schema'} file (kind {self.kind})", 5)
        if d[-4:] != MAGIC:
            raise self.error("no CIF tail: file truncated or not finished", len(d) - 4)
        self.footer_length, self.footer_crc = struct.unpack_from(">II", d, len(d) - 12)
        if self.footer_length > len(d) - 12 - self.header_length:
            raise self.error(f"footer length {self.footer_length} does not fit the file", len(d) - 12)
        self.footer_start = len(d) - 12 - self.footer_length
        self.writer = self._writer_version()

    def _writer_version(self):
        """§3.1: ``ProjectVersion FormatVersion WriterVersion``; absent means writer version 0."""
        value = self.meta.get("cif.writer.version")
        if value is None:
            return (None, self.version, 0)
        words = value.split(" ")
        if (len(words) != 3 or not words[0] or not words[1].isdigit() or int(words[1]) != self.version
                or not words[2].isdigit()):
            raise self.error(f"bad cif.writer.version {value!r}", 0)
        return (words[0], int(words[1]), int(words[2]))

    def error(self, message, offset):
        return CifFormatError(message, self.path, self.column, offset)

    def source(self, start, end):
        return Source(self.data, self.path, self.column, 0, start, end)


class ColumnSpec:
    """A column file's header keys (§5.1)."""

    def __init__(self, frame):
        meta = frame.meta
        for key in ("cif.column", "cif.schema", "cif.layout", "cif.codec", "cif.skip.levels"):
            if key not in meta:
                raise frame.error(f"header lacks {key}", 0)

        def bad(why):
            return frame.error(f"bad column header: {why}", 0)
        self.name = meta["cif.column"]
        self.version = frame.version
        try:
            self.type = schemas.parse(meta["cif.schema"])
        except (schemas.SchemaError, KeyError, TypeError, ValueError) as e:
            raise bad(f"cif.schema: {e}")
        self.layout = meta["cif.layout"]
        if self.layout not in LAYOUTS:
            raise bad(f"unknown layout {self.layout}")
        if meta["cif.codec"] not in CODECS:
            raise bad(f"unknown codec {meta['cif.codec']}")
        text = meta["cif.skip.levels"]
        try:
            self.levels = [int(x) for x in text.split(",")] if text else []
        except ValueError:
            raise bad(f"skip levels {text!r}")
        for i, level in enumerate(self.levels):
            if level < 2 or (i and self.levels[i - 1] % level):
                raise bad(f"skip levels {text!r}: each must be >= 2 and divide the one before")
        if self.layout in ("PLAIN", "PACKED"):
            self.levels = []
        why = self.layout_misfit()
        if why:
            raise bad(why)

    def layout_misfit(self):
        """Why the layout may not hold this column in this version (§5.1), or None."""
        t = self.type
        inner = t.unwrapped()
        if t.kind == "union" and t.nullable_inner() is None and self.layout in ("DCSL", "DICT", "PACKED"):
            return f"{self.layout} on a union that is not [null, T]"
        if self.layout == "DCSL" and inner.kind != "map":
            return "DCSL on a column that is not a map"
        if self.layout == "DICT":
            if inner.kind not in ("string", "bytes"):
                return "DICT on a column that is not a string or bytes"
            if self.version < 3:
                return f"DICT in a file of version {self.version}"
        if self.layout == "PACKED":
            decimal = inner.kind == "bytes" and inner.is_decimal() and inner.precision <= 18
            if inner.kind not in ("boolean", "int", "long", "double") and not decimal:
                return "PACKED on a column that is not boolean, int, long, double or decimal(p <= 18)"
            if self.version < 3 or (decimal and self.version < 4) or (inner.kind == "double" and self.version < 7):
                return f"PACKED on {inner.kind} in a file of version {self.version}"
        return None


STATS_TYPES = ("int", "long", "float", "double", "string")


class Block:
    """One block's place in the file (§5.2, §5.3) and its checked, decompressed payload."""

    def __init__(self, cf, index, offset, end, rows, nulls, bounds):
        self.cf, self.index, self.offset, self.end, self.rows = cf, index, offset, end, rows
        self.nulls, self.bounds = nulls, bounds
        self.data, self.file, self.column = cf.frame.data, cf.frame.path, cf.spec.name

    def error(self, message, offset):
        return CifFormatError(message, self.file, self.column, offset)

    def values(self):
        d, at, i = self.data, self.offset, self.index
        if self.end - at < BLOCK_HEADER:
            raise self.error(f"block {i} is truncated", at)
        rows, raw_len, stored_len, codec, crc = struct.unpack_from(">IIIBI", d, at)
        if rows != self.rows:
            raise self.error(f"block {i} holds {rows} rows, the footer says {self.rows}", at)
        if raw_len > MAX_BLOCK_BYTES:
            raise self.error(f"block {i} has impossible raw length {raw_len}", at + 4)
        extent = self.end - at - BLOCK_HEADER
        keyed_possible = self.cf.spec.layout == "DCSL" and self.cf.spec.version >= 6
        if stored_len > extent or (stored_len != extent and not keyed_possible):
            raise self.error(f"block {i} stores {stored_len} bytes, which disagrees with the footer's extent of "
                             f"{extent}", at + 8)
        if codec > 5:
            raise self.error(f"unknown codec id {codec}", at + 12)
        stored_at = at + BLOCK_HEADER
        self.stored_end = stored_at + stored_len
        if crc32c(d[at:at + 13] + d[stored_at:self.stored_end]) != crc:
            raise self.error(f"block {i} checksum mismatch", at + 13)
        payload = decompress(codec, d[stored_at:self.stored_end], raw_len,
                             lambda m: self.error(f"block {i}: {m}", stored_at))
        src = Source(payload, self.file, self.column, stored_at)
        vals = DECODERS[self.cf.spec.layout](self.cf.spec, src, rows, self)
        if self.stored_end != self.end and not (self.cf.spec.layout == "DCSL" and payload[:1] == b"\x03"):
            raise self.error(f"block has {self.end - self.stored_end} bytes after its payload, which only a keyed "
                             f"block (mode 3) may", self.stored_end)
        self.check_stats(vals)
        return vals

    def check_stats(self, vals):
        """§5.4: the footer's null count, and its bounds when it has them, must be the block's."""
        nulls = sum(v is None for v in vals)
        if nulls != self.nulls:
            raise self.error(f"block {self.index} has {nulls} nulls, its statistics say {self.nulls}", self.offset)
        if self.bounds is None:
            return
        present = [v for v in vals if v is not None]
        key = _stats_key(self.cf.stats_type)
        lo, hi = min(present, key=key), max(present, key=key)
        if key(lo) != key(self.bounds[0]) or key(hi) != key(self.bounds[1]):
            raise self.error(f"block {self.index} holds values {lo!r} .. {hi!r}, its statistics say "
                             f"{self.bounds[0]!r} .. {self.bounds[1]!r}", self.offset)


def _stats_key(stats_type):
    if stats_type == "string":
        return lambda v: v.encode("utf-8")
    if stats_type in ("float", "double"):
        return lambda v: (v, math.copysign(1.0, v))  # Java's compareTo: -0.0 < 0.0
    return lambda v: v


class ColumnFile:
    """A column file opened and its footer decoded (§3, §5)."""

    def __init__(self, path, column="-"):
        self.frame = Frame(path, KIND_COLUMN, column)
        f = self.frame
        self.spec = ColumnSpec(f)
        f.column = self.spec.name
        inner = self.spec.type.unwrapped()
        self.stats_type = inner.kind if inner.kind in STATS_TYPES else None
        start = f.footer_start
        if crc32c(f.data, start, start + f.footer_length) != f.footer_crc:
            raise f.error("footer checksum mismatch", len(f.data) - 8)
        self.blocks = self._footer(f.source(start, start + f.footer_length))
        self.rows = sum(b.rows for b in self.blocks)

    def _footer(self, src):
        f = self.frame
        n = src.count(4)
        entries = []
        for i in range(n):
            at = src.pos
            offset = src.uvarlong()
            rows_at = src.pos
            rows = src.uvarint()
            if rows < 1:
                raise src.error(f"block {i} entry has {rows} rows", rows_at)
            nulls = src.uvarlong()
            has_at = src.pos
            has = src.u8()
            bounds = None
            if has == 1:
                if self.stats_type is None:
                    raise src.error(f"block {i} has min/max on a column of type {self.spec.type.unwrapped().kind}",
                                    has_at)
                t = schemas.Type(self.stats_type)
                bounds = (values.decode(t, src), values.decode(t, src))
            elif has != 0:
                raise src.error(f"block {i} HasMinMax is {has}", has_at)
            if (entries and offset <= entries[-1][0]) or offset < f.header_length or offset >= f.footer_start:
                raise src.error(f"block {i} entry offset {offset} is out of order or out of the file", at)
            entries.append((offset, rows, nulls, bounds))
        total_at = src.pos
        total = src.uvarlong()
        body_end = src.uvarlong()
        if total != sum(e[1] for e in entries) or body_end != f.footer_start:
            raise src.error(f"footer totals ({total} rows, body end {body_end}) disagree with its blocks "
                            f"(footer at {f.footer_start})", total_at)
        if src.pos != src.end:
            raise src.error("trailing bytes in footer")
        blocks = []
        for i, (offset, rows, nulls, bounds) in enumerate(entries):
            end = entries[i + 1][0] if i + 1 < len(entries) else body_end
            if end - offset < BLOCK_HEADER or end - offset > MAX_BLOCK_BYTES:
                raise f.error(f"block {i} has impossible length {end - offset}", offset)
            blocks.append(Block(self, i, offset, end, rows, nulls, bounds))
        return blocks

    def values(self):
        """Every value of the column, in row order."""
        for b in self.blocks:
            yield from b.values()


SCHEMA_NAME = re.compile(r"schema-(\d+)\.cif")
COLUMN_FILE_NAME = re.compile(r"[A-Za-z0-9_.-]+\.cif")


def schema_generation(name):
    """§4.2: the generation of a schema file's name (a Java int >= 0), else None."""
    m = SCHEMA_NAME.fullmatch(name)
    if m and int(m.group(1)) < 2 ** 31:
        return int(m.group(1))
    return None


class SchemaFile:
    """A split-directory's schema file (§4.1)."""

    def __init__(self, path):
        f = Frame(path, KIND_SCHEMA)
        self.frame = f
        for key in ("avro.schema", "cif.rows", "cif.files"):
            if key not in f.meta:
                raise f.error(f"header lacks {key}", 0)
        try:
            self.schema = schemas.parse(f.meta["avro.schema"])
        except (schemas.SchemaError, KeyError, TypeError, ValueError) as e:
            raise f.error(f"bad avro.schema: {e}", 0)
        if self.schema.kind != "record":
            raise f.error("avro.schema is not a record", 0)
        rows = f.meta["cif.rows"]
        if not rows.isdigit():
            raise f.error(f"bad cif.rows {rows!r}", 0)
        self.rows = int(rows)
        files = f.meta["cif.files"]
        self.files = files.split("/") if files else []
        if len(self.files) != len(self.schema.fields):
            raise f.error(f"cif.files names {len(self.files)} files for {len(self.schema.fields)} fields", 0)
        for name in self.files:
            if not COLUMN_FILE_NAME.fullmatch(name) or name.startswith(".") or schema_generation(name) is not None:
                raise f.error(f"bad column file name {name!r} in cif.files", 0)

