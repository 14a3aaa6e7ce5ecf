"""The layouts of FORMAT.md §6: how one block's payload holds its values. Each decoder takes the block's
payload as a Source and returns the block's values in row order, checking the skip entries' spans
(§6.2) on the way, so that a wrong span is an error here even though a sequential read needs none."""

import struct

from . import values
from .checksum import crc32c
from .codecs import decompress
from .source import Source

MAX_STREAM_KEYS = 64


def read_positions(src, rows, levels, read_top):
    """SKIP_LIST positions (§6.2): at each position ``p`` one entry per level dividing ``p``, then the
    value. Every entry's span must land on the first byte of position ``min(p + L, rows)``."""
    landings = {}  # position -> [(offset the span lands on, offset of the entry)]
    out = []
    for p in range(rows):
        for land, entry_at in landings.pop(p, ()):
            if land != src.pos:
                raise src.error(f"skip entry at offset {src.base + entry_at} spans to offset {src.base + land}, "
                                f"but position {p} starts at {src.base + src.pos}", entry_at)
        for level in levels:
            if p % level == 0:
                entry_at = src.pos
                span = src.uvarlong()
                land = src.pos + span
                if land > src.end:
                    raise src.error(f"skip entry's span {span} hops past the block end", entry_at)
                landings.setdefault(min(p + level, rows), []).append((land, entry_at))
        out.append(read_top(src, p))
    for land, entry_at in landings.pop(rows, ()):
        if land != src.pos:
            raise src.error(f"skip entry spans to offset {src.base + land}, but the values end at "
                            f"{src.base + src.pos}", entry_at)
    return out


def prefixed(src, decode):
    """A length-prefixed top value (§6): the decoding must end exactly at the length."""
    at = src.pos
    n = src.length()
    end = src.pos + n
    inner = Source(src.data, src.file, src.column, src.base, src.pos, end)
    v = decode(inner)
    if inner.pos != end:
        raise src.error(f"value length {n} disagrees with its content ({inner.pos - src.pos} bytes)", at)
    src.pos = end
    return v


def top_value_reader(t):
    if t.is_complex():
        return lambda src, p: prefixed(src, lambda s: values.decode(t, s))
    return lambda src, p: values.decode(t, src)


def finish(src, vals):
    if src.pos != src.end:
        raise src.error(f"{src.end - src.pos} bytes left after the block's last value")
    return vals


def plain(col, src, rows, block):
    read = top_value_reader(col.type)
    return finish(src, [read(src, p) for p in range(rows)])


def skip_list(col, src, rows, block):
    return finish(src, read_positions(src, rows, col.levels, top_value_reader(col.type)))


# ---- DICT (§6.4) ----

def dict_layout(col, src, rows, block):
    t = col.type
    inner = t.unwrapped()
    nullable = t.nullable_inner() is not None
    as_text = inner.kind == "string"

    def make(raw, at):
        if not as_text:
            return raw
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise src.error("string is not UTF-8", at)

    mode_at = src.pos
    mode = src.u8()
    if mode == 0:
        count = src.count(1)
        entries = []
        for _ in range(count):
            at = src.pos
            entries.append(make(src.take(src.length()), at))

        def read(s, p):
            at = s.pos
            code = s.uvarint()
            if nullable:
                if code == 0:
                    return None
                code -= 1
            if code >= count:
                raise s.error(f"dictionary id {code} outside the block's dictionary of {count} entries", at)
            return entries[code]
    elif mode == 1:
        def read(s, p):
            at = s.pos
            if nullable:
                code = s.uvarint()
                if code == 0:
                    return None
                n = code - 1
                if n > s.left():
                    raise s.error(f"length {n} exceeds the {s.left()} bytes left in the block", at)
            else:
                n = s.length()
            return make(s.take(n), at)
    else:
        raise src.error(f"unknown DICT block mode {mode}", mode_at)
    return finish(src, read_positions(src, rows, col.levels, read))


# ---- PACKED (§6.5) ----

def _bits(src, count, width, what):
    """``count`` items of ``width`` bits from ``ceil(count * width / 64)`` little-endian u64 words."""
    nwords = (count * width + 63) // 64
    raw = src.take(nwords * 8, what)
    big = int.from_bytes(raw, "little")
    mask = (1 << width) - 1
    return [(big >> (i * width)) & mask for i in range(count)] if width else [0] * count


def _packed_value(col, kind, v, row, src, at):
    if kind == "boolean":
        if v not in (0, 1):
            raise src.error(f"value {v} of row {row} in the block is not a boolean", at)
        return v == 1
    if kind == "int":
        if not -2 ** 31 <= v < 2 ** 31:
            raise src.error(f"value {v} of row {row} in the block is outside the int range", at)
        return v
    if kind == "decimal":
        p = col.type.unwrapped().precision
        if abs(v) > 10 ** p - 1:
            raise src.error(f"value {v} of row {row} in the block is beyond decimal({p},"
                            f"{col.type.unwrapped().scale})", at)
        return unscaled_bytes(v)
    return v


def unscaled_bytes(v):
    """Java's BigInteger.toByteArray: minimal two's complement, big-endian, at least one byte."""
    bits = v.bit_length() if v >= 0 else (-v - 1).bit_length()
    return v.to_bytes(bits // 8 + 1, "big", signed=True)


def _double(v, scale, src, at):
    """§6.5, doubles: a decimal of the block's scale, or the IEEE bits (scale 255)."""
    if scale == 255:
        return struct.unpack("<d", (v & 0xFFFFFFFFFFFFFFFF).to_bytes(8, "little"))[0]
    if abs(v) > 2 ** 53:
        raise src.error(f"scaled double {v} is beyond ±2^53 (block scale {scale})", at)
    return v / 10 ** scale  # int / int: the correctly rounded quotient, as Java's double division


def packed(col, src, rows, block):
    inner = col.type.unwrapped()
    nullable = col.type.nullable_inner() is not None
    kind = "decimal" if inner.is_decimal() else inner.kind
    scale = None
    if kind == "double":
        scale_at = src.pos
        scale = src.u8()
        if scale > 18 and scale != 255:
            raise src.error(f"double block scale {scale} is neither 0 to 18 nor 255 (raw)", scale_at)
    out = []
    for start in range(0, rows, 1024):
        n = min(1024, rows - start)
        run_at = src.pos
        lo = src.zigzag64()
        width_at = src.pos
        wb = src.u8()
        width = wb & 0x7F
        nulls = None
        if wb & 0x80:
            if not nullable:
                raise src.error("null bitmap in a column that is not nullable", width_at)
            bitmap = src.take((n + 7) // 8, "null bitmap")
            nulls = [bool(bitmap[i >> 3] >> (i & 7) & 1) for i in range(n)]
        if width <= 64:
            offs = _bits(src, n, width, "run's words")
        elif width == 65:
            groups_at = src.pos
            groups = src.uvarint()
            if groups == 0 or groups > n:
                raise src.error(f"repeat run of {n} values claims {groups} groups", groups_at)
            vw_at = src.pos
            vw, lw = src.u8(), src.u8()
            if vw > 64:
                raise src.error(f"repeat run's value width {vw} over 64", vw_at)
            if lw > 10:
                raise src.error(f"repeat run's length width {lw} over 10", vw_at + 1)
            gvals = _bits(src, groups, vw, "repeat run's value words")
            lens_at = src.pos
            glens = _bits(src, groups, lw, "repeat run's length words")
            total = sum(glens) + groups
            if total != n:
                raise src.error(f"repeat run's {groups} group lengths add up to {total}, not its {n} values",
                                lens_at)
            offs = []
            for gv, gl in zip(gvals, glens):
                offs.extend([gv] * (gl + 1))
        else:
            raise src.error(f"bit width {width} over 64", width_at)
        for i in range(n):
            if nulls and nulls[i]:
                out.append(None)
                continue
            v = (lo + offs[i]) & 0xFFFFFFFFFFFFFFFF
            if v >= 1 << 63:
                v -= 1 << 64
            if kind == "double":
                out.append(_double(v, scale, src, run_at))
            else:
                out.append(_packed_value(col, kind, v, start + i, src, run_at))
    return finish(src, out)


# ---- DCSL (§6.3) ----

def dcsl(col, src, rows, block):
    t = col.type
    nullable = t.nullable_inner() is not None
    mt = t.unwrapped()
    key_t, val_t = mt.key, mt.values
    mode_at = src.pos
    if col.version == 1:
        mode = 0
    else:
        mode = src.u8()
        if mode > 3:
            raise src.error(f"unknown DCSL block mode {mode}: this reader knows modes 0 to 3; "
                            f"a newer writer wrote this file?", mode_at)
        if mode == 3 and col.version < 6:
            raise src.error(f"keyed DCSL block (mode 3) in a file of version {col.version}", mode_at)
    block.dcsl_mode = mode
    keys = []
    if mode != 1:
        kc = src.count(key_t.min_bytes() or 1)
        keys = [values.decode(key_t, src) for _ in range(kc)]
    vdict = None
    if mode == 2:
        vinner = val_t.unwrapped()
        if vinner.kind not in ("string", "bytes") or (val_t.kind == "union" and val_t.nullable_inner() is None):
            raise src.error("value-dictionary DCSL block (mode 2) in a column whose values are not strings "
                            "or bytes", mode_at)
        vcount_at = src.pos
        vcount = src.uvarint()
        size = src.length()
        if vcount > size:
            raise src.error(f"value dictionary of {vcount} entries in {size} bytes", vcount_at)
        vsrc = Source(src.data, src.file, src.column, src.base, src.pos, src.pos + size)
        vdict = []
        for _ in range(vcount):
            at = vsrc.pos
            raw = vsrc.take(vsrc.length())
            if vinner.kind == "string":
                try:
                    raw = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise vsrc.error("string is not UTF-8", at)
            vdict.append(raw)
        if vsrc.pos != vsrc.end:
            raise vsrc.error(f"value dictionary's entries do not fill its {size} bytes")
        src.pos += size
    streams = None
    if mode == 3:
        streams = KeyStreams(col, src, keys, rows, block)

    def read_map(s, p):
        n = s.count(1)
        if mode == 1:
            out = {}
            for _ in range(n):
                k = values.decode(key_t, s)
                out[k] = values.decode(val_t, s)
            return out
        ids = [s.index(len(keys), "key id") for _ in range(n)]
        if mode == 0:
            return {keys[i]: values.decode(val_t, s) for i in ids}
        if mode == 2:
            out = {}
            vnull = val_t.nullable_inner() is not None
            for i in ids:
                at = s.pos
                code = s.uvarint()
                if vnull:
                    if code == 0:
                        out[keys[i]] = None
                        continue
                    code -= 1
                if code >= len(vdict):
                    raise s.error(f"map value id {code} outside the block's value dictionary of "
                                  f"{len(vdict)} entries", at)
                out[keys[i]] = vdict[code]
            return out
        if len(set(ids)) != len(ids):
            raise s.error(f"row {p} of the block has a key twice")
        return {keys[i]: streams.value(i, p) for i in ids}

    def read_dcsl_value(s, p):
        if nullable:
            b = s.index(2, "union branch")
            if t.branches[b].kind == "null":
                return None
        return read_map(s, p)

    return finish(src, read_positions(src, rows, col.levels,
                                      lambda s, p: prefixed(s, lambda x: read_dcsl_value(x, p))))


class KeyStreams:
    """The side segments of a keyed DCSL block (§5.2, §6.3): one value stream per key, read when a row
    first asks for its key, checked by its own CRC32C."""

    def __init__(self, col, src, keys, rows, block):
        self.col, self.keys, self.rows = col, keys, rows
        self.sides = []
        offset = block.stored_end
        for i in range(len(keys)):
            at = src.pos
            raw_len = src.uvarint()
            stored_len = src.uvarint()
            codec = src.u8()
            crc = src.u32()
            self.sides.append((offset, raw_len, stored_len, codec, crc, at))
            offset += stored_len
        if offset != block.end:
            raise src.error(f"keyed block's side segments end at offset {offset}, but the block at "
                            f"{block.offset} ends at {block.end}", src.pos)
        self.block = block
        self.loaded = {}

    def stream(self, i):
        if i in self.loaded:
            return self.loaded[i]
        b = self.block
        offset, raw_len, stored_len, codec, crc, at = self.sides[i]
        key = self.keys[i]

        def err(message, where=offset):
            return b.error(message, where)
        if crc32c(b.data, offset, offset + stored_len) != crc:
            raise err(f"value stream of key {key} checksum mismatch")
        payload = decompress(codec, bytes(b.data[offset:offset + stored_len]), raw_len,
                             lambda m: err(f"value stream of key {key}: {m}"))
        s = Source(payload, b.file, b.column, offset)
        width = s.u8()
        vt = self.col.type.unwrapped().values
        if width <= 31:
            codes = _bits_bytes(s, self.rows, width)
            count = s.count(vt.min_bytes())
            if count.bit_length() != width:
                raise s.error(f"value stream of key {key} has width {width} for {count} values", 0)
            vals = [values.decode(vt, s) for _ in range(count)]
            form = ("dict", codes, vals)
        elif width == 0x80:
            present = _bits_bytes(s, self.rows, 1)
            vals = [values.decode(vt, s) for _ in range(sum(present))]
            rank, seen = [], 0
            for bit in present:
                rank.append(seen)
                seen += bit
            form = ("direct", present, vals, rank)
        else:
            raise s.error(f"value stream of key {key} starts with {width:#x}, neither a width <= 31 nor 0x80", 0)
        if s.pos != s.end:
            raise s.error(f"value stream of key {key} has {s.end - s.pos} bytes after its values")
        self.loaded[i] = form
        return form

    def value(self, i, row):
        form = self.stream(i)
        key = self.keys[i]
        if form[0] == "dict":
            c = form[1][row]
            if not 1 <= c <= len(form[2]):
                raise self.block.error(f"row {row} of the block has key {key} but its value stream has code {c}",
                                       self.sides[i][0])
            return form[2][c - 1]
        if not form[1][row]:
            raise self.block.error(f"row {row} of the block has key {key} but its value stream has no bit for it",
                                   self.sides[i][0])
        return form[2][form[3][row]]


def _bits_bytes(src, count, width):
    """``count`` items of ``width`` bits, least significant bit first, from ``ceil(count * width / 8)`` bytes."""
    raw = src.take((count * width + 7) // 8, "codes")
    big = int.from_bytes(raw, "little")
    mask = (1 << width) - 1
    return [(big >> (r * width)) & mask for r in range(count)] if width else [0] * count


DECODERS = {"PLAIN": plain, "SKIP_LIST": skip_list, "DICT": dict_layout, "PACKED": packed, "DCSL": dcsl}
