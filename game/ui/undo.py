"""Undo: a part of the battle screen with its own state.

A person may take back an answer that rolled no die, revealed no unit the side had not
seen, and left the same side to decide (the turn goes on); anything else closes the
history. Taking one back plays the battle again from its seed and the choices before
it, so a save or a replay never holds the undone answer.
"""

from __future__ import annotations

from game.engine.decisions import REACTION


class UndoHistory:
    def __init__(self) -> None:
        #: (choices, log lines) before each answer that can be taken back, oldest first
        self.marks: list[tuple[int, int]] = []

    def __bool__(self) -> bool:
        return bool(self.marks)

    @staticmethod
    def mark(battle, log_lines: int, shown: set[int]) -> tuple:
        """What an answer about to be given can be checked against once it is given."""
        return len(battle.choices), log_lines, getattr(battle.dice, "rolled", None), frozenset(shown)

    def note(self, battle, deciding, mark, by_person: bool, revealed: bool) -> None:
        """After an answer (`mark` taken before it): keep it to take back, or close the
        history. `revealed`: the side now sees a unit it did not before (under fog)."""
        from game.engine.dice import Dice
        choices, log_lines, rolled, _ = mark
        p = battle.pending
        ok = (type(battle.dice) is Dice and by_person
              and rolled is not None and battle.dice.rolled == rolled
              and p is not None and p.side == deciding.side and p.kind != REACTION
              and not revealed)
        if ok:
            self.marks.append((choices, log_lines))
        else:
            self.marks.clear()

    def take_back(self, old):
        """(the battle played again without the last kept answer, the log's length
        before it); `old` is closed."""
        from game.engine.battle import Battle
        choices, log_lines = self.marks.pop()
        fresh = Battle(old.map, old.ruleset, old.orders, seed=old.seed, max_rounds=old.max_rounds,
                       player_sides=old.player_sides)
        for c in old.choices[:choices]:
            fresh.submit(c)
        old.close()
        return fresh, log_lines
