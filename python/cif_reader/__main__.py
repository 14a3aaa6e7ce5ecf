"""python -m cif_reader cat PATH [--columns a,b] [--limit N]: a dataset's rows as JSON lines on stdout, as
``cif cat`` prints them; an error is one line on stderr naming the file, column and offset (exit status 1)."""

import argparse
import sys

from . import read
from .canonical import dumps
from .source import CifFormatError


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m cif_reader", description="reads CIF datasets (docs/python.md)")
    sub = p.add_subparsers(dest="command", required=True)
    cat = sub.add_parser("cat", help="records as JSON lines")
    cat.add_argument("path")
    cat.add_argument("--columns", help="only these columns, comma-separated")
    cat.add_argument("--limit", type=int, help="at most N records")
    args = p.parse_args(argv)
    columns = args.columns.split(",") if args.columns else None
    try:
        for i, row in enumerate(read(args.path, columns)):
            if args.limit is not None and i >= args.limit:
                break
            print(dumps(row))
    except (CifFormatError, OSError) as e:
        print(f"cif_reader: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
