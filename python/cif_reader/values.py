"""The value encodings of FORMAT.md §7: decoding one value of an Avro type from a Source.

Values come out as plain Python: None, bool, int, float, str, bytes (bytes, fixed, decimals as their
unscaled two's-complement bytes), the enum symbol as str, list, dict (maps: key to value; records: field
name to value), and a union as its branch's value."""


def decode(t, src):
    k = t.kind
    if k == "null":
        return None
    if k == "boolean":
        at = src.pos
        b = src.u8()
        if b > 1:
            raise src.error(f"boolean byte {b} is neither 0 nor 1", at)
        return b == 1
    if k == "int":
        return src.zigzag32()
    if k == "long":
        return src.zigzag64()
    if k == "float":
        return src.f32()
    if k == "double":
        return src.f64()
    if k == "string":
        return src.string()
    if k == "bytes":
        return src.take(src.length())
    if k == "fixed":
        return src.take(t.size, f"fixed({t.size})")
    if k == "enum":
        return t.symbols[src.index(len(t.symbols), "enum index")]
    if k == "array":
        n = src.count(t.items.min_bytes())
        return [decode(t.items, src) for _ in range(n)]
    if k == "map":
        n = src.count(t.key.min_bytes() + t.values.min_bytes() or 0)
        out = {}
        for _ in range(n):
            key = decode(t.key, src)
            out[key] = decode(t.values, src)
        return out
    if k == "record":
        return {name: decode(ft, src) for name, ft in t.fields}
    if k == "union":
        b = src.index(len(t.branches), "union branch")
        return decode(t.branches[b], src)
    raise src.error(f"unknown type {k}")
