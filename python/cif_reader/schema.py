"""Avro schemas as CIF uses them (FORMAT.md §4.1, §7): a record of columns, each of an Avro type, with
CIF's ``cif.keyType`` map property. Parsed from the JSON of ``avro.schema`` and ``cif.schema``."""

import json

PRIMITIVES = {"null", "boolean", "int", "long", "float", "double", "string", "bytes"}
MAX_DEPTH = 200


class SchemaError(ValueError):
    pass


class Type:
    """One Avro type. ``kind`` is the Avro type name; the rest depends on it: ``items`` (array),
    ``values`` and ``key`` (map), ``fields`` (record: list of (name, Type)), ``branches`` (union),
    ``symbols`` (enum), ``size`` (fixed), ``logical``, ``precision``, ``scale``, ``props``."""

    def __init__(self, kind, **kw):
        self.kind = kind
        self.logical = None
        self.props = {}
        self.__dict__.update(kw)

    def nullable_inner(self):
        """The ``T`` of a two-branch union ``[null, T]`` / ``[T, null]``, else None."""
        if self.kind == "union" and len(self.branches) == 2:
            kinds = [b.kind for b in self.branches]
            if kinds.count("null") == 1:
                return self.branches[1 - kinds.index("null")]
        return None

    def unwrapped(self):
        return self.nullable_inner() or self

    def is_complex(self):
        """FORMAT.md §6: array, map, record, or a union with such a branch (these values get a length)."""
        if self.kind in ("array", "map", "record"):
            return True
        return self.kind == "union" and any(b.kind in ("array", "map", "record") for b in self.branches)

    def min_bytes(self):
        """FORMAT.md §2.3: the fewest bytes one value of the type takes."""
        if self.kind == "null":
            return 0
        if self.kind == "float":
            return 4
        if self.kind == "double":
            return 8
        if self.kind == "fixed":
            return self.size
        if self.kind == "record":
            return sum(t.min_bytes() for _, t in self.fields)
        return 1

    def is_decimal(self):
        return self.logical == "decimal"


def parse(text):
    """The Type of an Avro schema's JSON text."""
    try:
        j = json.loads(text)
    except ValueError as e:
        raise SchemaError(f"schema is not JSON: {e}")
    return _Parser().parse(j, None, 0)


class _Parser:
    def __init__(self):
        self.named = {}
        self.open_records = set()

    def full_name(self, name, namespace):
        if "." in name:
            return name
        return f"{namespace}.{name}" if namespace else name

    def parse(self, j, namespace, depth):
        if depth > MAX_DEPTH:
            raise SchemaError(f"schema nests deeper than {MAX_DEPTH} levels")
        if isinstance(j, str):
            if j in PRIMITIVES:
                return Type(j)
            name = self.full_name(j, namespace)
            if name in self.open_records:
                raise SchemaError(f"recursive record type {name}")
            t = self.named.get(name) or self.named.get(j)
            if t is None:
                raise SchemaError(f"unknown type name {j}")
            return t
        if isinstance(j, list):
            return Type("union", branches=[self.parse(b, namespace, depth + 1) for b in j])
        if not isinstance(j, dict) or "type" not in j:
            raise SchemaError(f"bad schema element {json.dumps(j)[:80]}")
        kind = j["type"]
        if not isinstance(kind, str):
            # {"type": {...}} wraps another schema
            return self.parse(kind, namespace, depth + 1)
        props = {k: v for k, v in j.items() if k not in ("type", "name", "namespace", "fields", "items", "values",
                                                          "symbols", "size", "doc", "aliases", "default")}
        if kind in PRIMITIVES:
            t = Type(kind)
        elif kind in ("record", "error"):
            name = self.full_name(j["name"], j.get("namespace", namespace))
            ns = name.rsplit(".", 1)[0] if "." in name else None
            t = Type("record", name=name, fields=[])
            self.named[name] = t
            self.open_records.add(name)
            seen = set()
            for f in j.get("fields", []):
                fname = f.get("name", "")
                if not fname or fname in seen:
                    raise SchemaError(f"empty or duplicate field name {fname!r}")
                seen.add(fname)
                t.fields.append((fname, self.parse(f["type"], ns, depth + 1)))
            self.open_records.discard(name)
        elif kind == "enum":
            name = self.full_name(j["name"], j.get("namespace", namespace))
            t = Type("enum", name=name, symbols=list(j["symbols"]))
            self.named[name] = t
        elif kind == "fixed":
            name = self.full_name(j["name"], j.get("namespace", namespace))
            t = Type("fixed", name=name, size=int(j["size"]))
            self.named[name] = t
        elif kind == "array":
            t = Type("array", items=self.parse(j["items"], namespace, depth + 1))
        elif kind == "map":
            key = props.get("cif.keyType", "string")
            if isinstance(key, str) and key.startswith(("{", "[")):
                key = json.loads(key)
            t = Type("map", values=self.parse(j["values"], namespace, depth + 1),
                     key=self.parse(key, namespace, depth + 1))
        else:
            t = self.parse(kind, namespace, depth + 1)
            return t
        t.props = props
        t.logical = props.get("logicalType")
        if t.logical == "decimal":
            t.precision = int(props.get("precision", 0))
            t.scale = int(props.get("scale", 0))
        return t


def shape(t):
    """A value that is equal for two Types iff they are the same Avro type, properties included (how
    FORMAT.md §5.1 compares a column file's ``cif.schema`` with the schema file's field)."""
    props = tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in t.props.items()))
    k = t.kind
    if k == "array":
        return (k, props, shape(t.items))
    if k == "map":
        return (k, props, shape(t.key), shape(t.values))
    if k == "record":
        return (k, props, t.name, tuple((n, shape(f)) for n, f in t.fields))
    if k == "union":
        return (k, props, tuple(shape(b) for b in t.branches))
    if k == "enum":
        return (k, props, t.name, tuple(t.symbols))
    if k == "fixed":
        return (k, props, t.name, t.size)
    return (k, props)
