"""Errors caused by bad input: a map, a data file, a save, or an illegal choice.

Each one renders as a single line naming the file (or the thing) and the problem;
the command line prints that line and exits with status 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad input from outside the program: `<where>: <problem>`."""

    def __init__(self, where: str | Path, problem: str) -> None:
        self.where = str(where)
        self.problem = problem
        super().__init__(f"{self.where}: {problem}")


class MapError(InputError):
    """A Tiled map the game cannot play."""


class DataError(InputError):
    """A malformed ruleset data file (weapons, units, squads)."""


class SaveError(InputError):
    """A corrupt or incompatible save / replay file."""


class IllegalChoice(Exception):
    """A controller answered a Decision with something it did not offer.

    The battle refuses it and stays exactly as it was.
    """
