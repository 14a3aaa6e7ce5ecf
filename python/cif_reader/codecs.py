"""The block codecs of FORMAT.md §8, by id, each from a Python package: zlib (standard library, raw
DEFLATE), lz4 (raw LZ4 block), cramjam (raw Snappy), zstandard (a Zstandard frame). LZO (id 2) has no
package with a wheel for this Python, so a block stored with it is refused with a clear error."""

import zlib

NAMES = {0: "NONE", 1: "ZLIB", 2: "LZO", 3: "LZ4", 4: "SNAPPY", 5: "ZSTD"}


def _zlib(stored, raw_length):
    d = zlib.decompressobj(-15)
    out = d.decompress(stored, raw_length + 1)
    if not d.eof:
        raise ValueError("the DEFLATE stream does not finish")
    return out


def _lz4(stored, raw_length):
    import lz4.block
    return lz4.block.decompress(stored, uncompressed_size=raw_length)


def _snappy(stored, raw_length):
    import cramjam
    return bytes(cramjam.snappy.decompress_raw(stored))


def _zstd(stored, raw_length):
    import zstandard
    return zstandard.ZstdDecompressor().decompress(stored, max_output_size=raw_length + 1)


def _lzo(stored, raw_length):
    raise ValueError("codec LZO (2) is not supported by this reader: no Python package for it has a wheel")


_DECOMPRESS = {1: _zlib, 2: _lzo, 3: _lz4, 4: _snappy, 5: _zstd}


def decompress(codec, stored, raw_length, error):
    """The payload of ``stored`` (a block's or a side segment's stored bytes), which must be exactly
    ``raw_length`` bytes; ``error(message)`` makes the exception to raise."""
    if codec == 0:
        if len(stored) != raw_length:
            raise error(f"uncompressed block stores {len(stored)} bytes, raw length {raw_length}")
        return stored
    f = _DECOMPRESS.get(codec)
    if f is None:
        raise error(f"unknown codec id {codec}")
    try:
        out = f(stored, raw_length)
    except ValueError as e:
        if codec == 2:
            raise error(str(e))
        raise error(f"{NAMES[codec]} data is corrupt: {e}")
    except Exception as e:  # the packages raise their own error types
        raise error(f"{NAMES[codec]} data is corrupt: {e}")
    if len(out) != raw_length:
        raise error(f"{NAMES[codec]} block decompresses to {len(out)} bytes, not its raw length {raw_length}")
    return out
