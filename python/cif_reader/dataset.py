"""Datasets and split-directories (FORMAT.md §4): finding the split-directories under a path, opening one
through its newest schema file, and reading its rows."""

import os

from . import schema as schemas
from .column_file import ColumnFile, SchemaFile, schema_generation
from .source import CifFormatError

REPLACES = "_replaces."


def split_directories(path):
    """Every split-directory under ``path``, in the order of §4.3: a directory holding a schema file is
    one (and is not searched further); else its subdirectories not starting with ``_`` or ``.`` are
    searched in sorted order. A merged split-directory's ``_replaces.<old>`` hides its sibling ``<old>``
    unless ``<old>`` is newer (§4.5)."""
    if not os.path.isdir(path):
        raise CifFormatError("not a directory", path)
    if _is_split_directory(path):
        return [path]
    found = []
    names = sorted(os.listdir(path))
    subdirs = [n for n in names if not n.startswith(("_", ".")) and os.path.isdir(os.path.join(path, n))]
    replaced = {}
    for n in subdirs:
        d = os.path.join(path, n)
        if _is_split_directory(d):
            for marker in os.listdir(d):
                if marker.startswith(REPLACES) and os.path.isfile(os.path.join(d, marker)):
                    replaced[marker[len(REPLACES):]] = _newest_schema_time(d)
    for n in subdirs:
        d = os.path.join(path, n)
        if n in replaced and _is_split_directory(d) and _newest_schema_time(d) <= replaced[n]:
            continue
        found.extend(split_directories(d))
    return found


def _is_split_directory(d):
    return any(schema_generation(n) is not None and os.path.isfile(os.path.join(d, n)) for n in os.listdir(d))


def _newest_schema_time(d):
    return max(os.path.getmtime(os.path.join(d, n)) for n in os.listdir(d) if schema_generation(n) is not None)


class SplitDirectory:
    """A split-directory read through its schema file of the highest generation (§4.1, §4.3)."""

    def __init__(self, path):
        self.path = path
        names = os.listdir(path)
        generations = [(schema_generation(n), n) for n in names if schema_generation(n) is not None]
        if not generations:
            raise CifFormatError("not a split-directory: no schema file", path)
        self.schema_file = SchemaFile(os.path.join(path, max(generations)[1]))
        self.schema = self.schema_file.schema
        self.rows = self.schema_file.rows

    def column(self, index):
        """The column file of field ``index``, checked against the schema file (§4.1, §5.1)."""
        name, ftype = self.schema.fields[index]
        path = os.path.join(self.path, self.schema_file.files[index])
        if not os.path.isfile(path):
            raise CifFormatError("column file is missing", path, name, 0)
        cf = ColumnFile(path, name)
        f = cf.frame
        if cf.spec.name != name:
            raise CifFormatError(f"file holds column {cf.spec.name}, not {name}", path, name, 0)
        if cf.rows != self.rows:
            raise CifFormatError(f"column has {cf.rows} rows, split-directory {self.rows}", path, name,
                                 f.footer_start)
        if schemas.shape(cf.spec.type) != schemas.shape(ftype):
            raise CifFormatError(f"column file's header type {f.meta['cif.schema']} differs from the schema "
                                 f"file's", path, name, 0)
        return cf

    def records(self, columns=None):
        """The rows as dicts of field name to value, of the named columns (default: all)."""
        names = [n for n, _ in self.schema.fields]
        wanted = names if columns is None else [c for c in columns if c in names]
        cols = [list(self.column(names.index(c)).values()) for c in wanted]
        for i in range(self.rows):
            yield {c: col[i] for c, col in zip(wanted, cols)}


def read(path, columns=None):
    """Every row of the dataset at ``path`` (a split-directory or a tree of them), as dicts."""
    for d in split_directories(path):
        yield from SplitDirectory(d).records(columns)
