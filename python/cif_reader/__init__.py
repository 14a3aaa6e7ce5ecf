"""A second reader of CIF, written from docs/FORMAT.md alone: it shares no code with the Java reader, and
checks every header, footer, block and side-segment CRC on the way. ``read(path)`` yields a dataset's rows
as dicts; ``python -m cif_reader cat PATH`` prints them as JSON lines."""

from .dataset import SplitDirectory, read, split_directories
from .source import CifFormatError

__all__ = ["read", "split_directories", "SplitDirectory", "CifFormatError"]
