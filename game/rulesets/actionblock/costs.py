"""Strength Cost and Speed Cost of actions (Battle Order, step 2).

"If the action would reduce the character's Current Speed Points or Current
Strength Points to below 0, then the user cannot perform the action." Options
offer only what `affordable` allows; `pay` deducts and logs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.actionblock.charisma import subtlety_check
from game.rulesets.actionblock.components import Casting, Points, TurnState
from game.rulesets.actionblock.events import ActionTaken, SpellEvent
from game.rulesets.actionblock.stats import data

if TYPE_CHECKING:
    from game.engine.battle import Battle

#: Kinds of action that break a Steady Shot (sniper rifles): "no Offensive, Movement,
#: Verbal or Defensive action in the previous and the current Action Block".
ACTING_KINDS = ("offensive", "movement", "verbal", "defensive")


def cost_of(battle: "Battle", action: str) -> tuple[int, int]:
    c = data(battle).cost(action)
    return c.strength, c.speed


def affordable(battle: "Battle", unit: int, strength: int, speed: int) -> bool:
    points = battle.get(unit, Points)
    return strength <= points.strength and speed <= points.speed


def can_afford(battle: "Battle", unit: int, action: str, extra_strength: int = 0,
               extra_speed: int = 0) -> bool:
    # `affordable` of `cost_of`, written out: asked thousands of times a battle.
    c = battle.ruleset.data.actions[action]
    points = battle.get(unit, Points)
    return c.strength + extra_strength <= points.strength and c.speed + extra_speed <= points.speed


def cost_text(battle: "Battle", action: str, strength: int | None = None) -> str:
    s, p = cost_of(battle, action)
    return f"{s if strength is None else strength} Str, {p} Spd"


def pay(battle: "Battle", unit: int, action: str, detail: str = "", strength: int | None = None,
        speed: int | None = None, label: str | None = None) -> None:
    """Deduct the action's costs (or the given ones), log it, and note the action for
    the Steady Shot and for a spell being cast."""
    cost = data(battle).cost(action)
    s = cost.strength if strength is None else strength
    p = cost.speed if speed is None else speed
    points = battle.get(unit, Points)
    assert s <= points.strength and p <= points.speed, f"{action} is not affordable"
    points.strength -= s
    points.speed -= p
    if cost.kind in ACTING_KINDS:
        battle.get(unit, TurnState).last_acted_block = battle.round
    battle.emit(ActionTaken(unit, battle.name(unit), label or cost.name, s, p,
                            points.strength, points.speed, detail))
    subtlety_check(battle, unit, action)
    casting = battle.try_get(unit, Casting)
    if casting is not None and s + p > 0:
        # ghostrules-magic: performing an action reduces the Spell Ghost HP by the
        # Strength and Speed Points it used.
        from game.rulesets.actionblock.spells import weaken
        weaken(battle, unit, s + p, f"{cost.name} used {s + p} points")


def note_spell(battle: "Battle", unit: int, spell: str, text: str) -> None:
    battle.emit(SpellEvent(unit, battle.name(unit), spell, text))
