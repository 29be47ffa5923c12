"""`python -m exactcover`: the command line (see `exactcover.cli`), under that name."""

from .cli import MODULE_PROGRAM, main

if __name__ == "__main__":
    raise SystemExit(main(prog=MODULE_PROGRAM))
