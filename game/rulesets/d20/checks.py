"""Checks and contests: d20 + modifier against a DC, or against another roll.

The same `chance_*` functions give the exact odds the window and AI show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import kept
from game.rulesets.d20.events import CheckRolled
from game.rulesets.d20.stats import template

if TYPE_CHECKING:
    from game.engine.battle import Battle

SKILLS = ("athletics", "body", "dexterity", "willpower", "agility")


def modifier(battle: "Battle", unit: int, skill: str) -> int:
    return getattr(template(battle, unit), skill)


def check(battle: "Battle", unit: int, skill: str, dc: int, label: str = "DC",
          extra: int = 0, detail: str = "") -> tuple[bool, int]:
    """Roll d20 + skill (+ extra) against `dc`; meet or beat succeeds. Returns (passed, margin)."""
    face = battle.dice.d20()
    mod = modifier(battle, unit, skill) + extra
    total = face + mod
    ok = total >= dc
    battle.emit(CheckRolled(unit, battle.name(unit), skill.capitalize(), face, mod, total, dc,
                            label, ok, detail))
    return ok, total - dc


def contest(battle: "Battle", actor: int, defender: int, skill: str,
            defender_extra: int = 0, what: str = "") -> bool:
    """Both roll d20 + skill; the actor must beat the defender ([PROP] ties: defender)."""
    a_face = battle.dice.d20()
    d_face = battle.dice.d20()
    a_mod = modifier(battle, actor, skill)
    d_mod = modifier(battle, defender, skill) + defender_extra
    a_total, d_total = a_face + a_mod, d_face + d_mod
    won = a_total > d_total
    battle.emit(CheckRolled(defender, battle.name(defender), f"{skill.capitalize()} (resists {what})",
                            d_face, d_mod, d_total, a_total, battle.name(actor), not won))
    battle.emit(CheckRolled(actor, battle.name(actor), f"{skill.capitalize()} contest ({what})",
                            a_face, a_mod, a_total, d_total + 1, "beat", won,
                            "wins" if won else "ties go to the defender" if a_total == d_total else "loses"))
    return won


def chance_check(mod: int, dc: int) -> float:
    """P(d20 + mod >= dc)."""
    need = dc - mod
    return min(max((21 - need) / 20, 0.0), 1.0)


@kept.pure("d20-contest-chances")
def chance_contest(actor_mod: int, defender_mod: int) -> float:
    """P(actor's d20 + mod beats the defender's d20 + mod), ties to the defender."""
    wins = sum(1 for a in range(1, 21) for d in range(1, 21) if a + actor_mod > d + defender_mod)
    return wins / 400
