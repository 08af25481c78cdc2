"""The standalone build's entry point (tools/build_bundle.py): the `skirmish` command.

freeze_support: `simulate --jobs N` starts worker processes, and in a frozen program
a worker is the same executable started again; this lets it become the worker
instead of a second game.
"""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
