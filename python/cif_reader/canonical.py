"""The canonical form in which the Python reader's rows and ``cif cat``'s JSON lines are compared.

``cif cat`` prints each record as Avro's ``GenericData.toString`` does: JSON, bytes and fixed as a string
of one character per byte (ISO-8859-1), a union as its branch's value, numbers in Java's notation. The
Python rows are put into that JSON shape (``to_json``), and both sides are then brought to one form with
the schema (``canonical``): maps compare as unordered dicts, a float as the 32-bit value it names (Java's
``Float.toString`` prints the shortest decimal that rounds back to it), a double as its 64-bit value,
NaNs as the string "NaN" and the sign of zero kept."""

import json
import math
import struct


def to_json(value):
    """A Python row (or value) in the JSON shape ``cif cat`` prints."""
    if isinstance(value, bytes):
        return value.decode("latin-1")
    if isinstance(value, dict):
        return {_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json(v) for v in value]
    return value


def _key(k):
    if isinstance(k, bytes):
        return k.decode("latin-1")
    return k if isinstance(k, str) else json.dumps(k)


def dumps(row):
    return json.dumps(to_json(row), ensure_ascii=False)


def canonical(t, v):
    """The canonical form of JSON value ``v`` of Avro type ``t``."""
    if v is None:
        return None
    k = t.kind
    if k == "union":
        for b in t.branches:
            if b.kind != "null" and _fits(b, v):
                return canonical(b, v)
        raise ValueError(f"value {v!r} fits no branch of a union")
    if k in ("float", "double"):
        if math.isnan(v):
            return "NaN"
        fmt = "<f" if k == "float" else "<d"
        return (k, struct.pack(fmt, v))
    if k == "array":
        return [canonical(t.items, x) for x in v]
    if k == "map":
        return {str(key): canonical(t.values, x) for key, x in v.items()}
    if k == "record":
        return {name: canonical(ft, v.get(name)) for name, ft in t.fields}
    return v


def _fits(t, v):
    k = t.kind
    if k == "boolean":
        return isinstance(v, bool)
    if k in ("int", "long"):
        return isinstance(v, int) and not isinstance(v, bool)
    if k in ("float", "double"):
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if k in ("string", "bytes", "enum", "fixed"):
        return isinstance(v, str)
    if k == "array":
        return isinstance(v, list)
    if k in ("map", "record"):
        return isinstance(v, dict)
    return False
