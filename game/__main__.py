"""`python -m game`: the same command line as the `skirmish` script."""

from game.cli import main

if __name__ == "__main__":  # not when multiprocessing's "spawn" re-imports this module
    raise SystemExit(main(prog="python -m game"))
