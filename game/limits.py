"""Limits every input shares, each written once (a leaf: imports nothing of the game)."""

#: The most rounds a battle may be given (`max_rounds`, a scenario's `round_limit`):
#: what a replay file may record, so every command that takes --max-rounds and every
#: map refuses more where it reads it (issue 33.6).
MAX_ROUNDS = 10_000

#: The most units one side may field: a squad file, a --squad list, a map's default
#: squad (`squad_<side>.<ruleset>`): far beyond any shipped map, small enough to deploy
#: quickly.
MAX_SQUAD = 64
