"""CRC32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every CIF header, footer, block
and side segment (FORMAT.md §10). Table-driven in pure Python: the standard library has no CRC32C."""


def _table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _table()


def crc32c(data, start=0, end=None):
    """The CRC32C of ``data[start:end]``; of nothing it is 0."""
    crc = 0xFFFFFFFF
    table = _TABLE
    for b in memoryview(data)[start:len(data) if end is None else end]:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF
