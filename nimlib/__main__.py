"""``python -m nimlib``: the command line (see ``nimlib.cli``)."""

if __name__ == "__main__":
    from nimlib.cli import main

    raise SystemExit(main())
