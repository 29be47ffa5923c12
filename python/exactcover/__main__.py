"""``python -m exactcover``: the command-line demo."""

from .demo import main

if __name__ == "__main__":
    raise SystemExit(main())
