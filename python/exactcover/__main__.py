"""``python -m exactcover``: the command line (see :mod:`exactcover.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
