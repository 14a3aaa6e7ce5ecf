"""A bounded cursor over bytes: the varints, fixed-width integers and lengths of FORMAT.md §2.

Every read is checked against the end of the buffer, and every error names the file, the column and the
byte offset in the file (FORMAT.md §10)."""

import struct

U32_MAX = 0xFFFFFFFF


class CifFormatError(Exception):
    """Corrupt or unsupported CIF data; the message ends ``[file F, column C, offset O]``."""

    def __init__(self, message, file="-", column="-", offset=0):
        self.reason = message
        self.file = file
        self.column = column
        self.offset = offset
        super().__init__(f"{message} [file {file}, column {column}, offset {offset}]")


class Source:
    """Reads ``data[pos:end]``; ``base`` is the file offset of ``data[0]`` (for a decompressed payload: the
    payload's file offset, so an error inside it names that offset plus the position in the raw bytes)."""

    def __init__(self, data, file="-", column="-", base=0, pos=0, end=None):
        self.data = data
        self.file = file
        self.column = column
        self.base = base
        self.pos = pos
        self.end = len(data) if end is None else end

    def error(self, message, at=None):
        return CifFormatError(message, self.file, self.column, self.base + (self.pos if at is None else at))

    def left(self):
        return self.end - self.pos

    def need(self, n, what="value"):
        if n > self.end - self.pos:
            raise self.error(f"{what} of {n} bytes runs past the end: {self.end - self.pos} bytes left")

    def u8(self):
        self.need(1, "byte")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def u32(self):
        self.need(4, "u32")
        (v,) = struct.unpack_from(">I", self.data, self.pos)
        self.pos += 4
        return v

    def take(self, n, what="bytes"):
        self.need(n, what)
        b = bytes(self.data[self.pos:self.pos + n])
        self.pos += n
        return b

    def uvarlong(self):
        start = self.pos
        value = 0
        for i in range(10):
            if self.pos >= self.end:
                raise self.error("varint runs past the end", start)
            b = self.data[self.pos]
            self.pos += 1
            value |= (b & 0x7F) << (7 * i)
            if not b & 0x80:
                if value >> 64:
                    raise self.error("varint over 64 bits", start)
                return value
        raise self.error("varint longer than 10 bytes", start)

    def uvarint(self):
        v = self.uvarlong()
        if v > U32_MAX:
            raise self.error(f"varint {v} does not fit 32 bits")
        return v

    def zigzag32(self):
        u = self.uvarint()
        return (u >> 1) ^ -(u & 1)

    def zigzag64(self):
        u = self.uvarlong()
        return (u >> 1) ^ -(u & 1)

    def f32(self):
        self.need(4, "float")
        (v,) = struct.unpack_from("<f", self.data, self.pos)
        self.pos += 4
        return v

    def f64(self):
        self.need(8, "double")
        (v,) = struct.unpack_from("<d", self.data, self.pos)
        self.pos += 8
        return v

    def length(self):
        """A byte length: must not exceed the bytes left (FORMAT.md §2.3). Errors about a value read from
        the data name the offset just past it (§10)."""
        n = self.uvarint()
        if n > self.end - self.pos:
            raise self.error(f"length {n} exceeds the {self.end - self.pos} bytes left in the block")
        return n

    def count(self, min_bytes):
        """A count of items each at least ``min_bytes`` long, capped as FORMAT.md §2.3 says."""
        n = self.uvarint()
        left = self.end - self.pos
        cap = left // min_bytes if min_bytes else left * 8 + 1024
        if n > min(cap, 2 ** 31 - 9):
            raise self.error(f"count {n} is impossible with {left} bytes left")
        return n

    def index(self, bound, what):
        """A uvarint index that must be below ``bound`` (compared unsigned, §2.3)."""
        i = self.uvarint()
        if i >= bound:
            raise self.error(f"{what} {i} of {bound}")
        return i

    def string(self):
        n = self.length()
        start = self.pos
        raw = self.take(n)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise self.error("string is not UTF-8", start)
