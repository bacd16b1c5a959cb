"""``python -m worlddb``: the ``worlddb`` command line."""

from worlddb.cli import main

if __name__ == "__main__":
    main()
