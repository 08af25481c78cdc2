"""Carrying out a Mahou turn choice. Each branch is one action of the text.

Before an action, a smitten, enraged or terrified unit doing something against its
state must pass an Intelligence roll (talk.py); if it fails, the action's cost is
spent and nothing else happens ([PROP]: the moment is lost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from game.engine.components import FALLEN, Position, Posture
from game.engine.decisions import Choice, Decision
from game.engine.events import ConditionChanged
from game.rulesets.mahou import grapples, moving, talk, throwing
from game.rulesets.mahou.attacks import GRAPPLE, KICK, PULL, WEAPON, AttackSpec
from game.rulesets.mahou.combat import defend, drop_item, strike
from game.rulesets.mahou.components import Actions, DroppedItem, HoldUpkeep, Loadout
from game.rulesets.mahou.economy import pay
from game.rulesets.mahou.events import Action
from game.rulesets.mahou.options import cost_of, hands_of
from game.rulesets.mahou.stats import fist_weapon

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
HOSTILE = ("punch", "grapple", "kick", "pull", "pin", "slam", "throw", "reinforce")


def intent_of(battle: "Battle", unit: int, choice: Choice) -> tuple:
    key = choice.option
    if key.startswith("attack_") or key in HOSTILE:
        return ("attack", choice.target, choice.param("stance") or "")
    if key in ("move", "drag", "jump"):
        return ("move", choice.target)
    if key == "drop":
        return ("drop",)
    if key == "get_down":
        return ("get_down",)
    return ("other",)


def perform(battle: "Battle", unit: int, choice: Choice) -> Flow:
    """Carry out one legal turn choice, paying its cost."""
    key = choice.option
    cost = cost_of(battle, unit, choice)
    against = talk.contrary(battle, unit, intent_of(battle, unit, choice))
    if against is not None and not talk.intelligence_check(battle, unit, against, key.replace("_", " ")):
        pay(battle, unit, cost)
        battle.emit(Action(unit, battle.name(unit), f"hesitates, {against.state} "
                                                    f"({battle.name(against.source)}), and does nothing."))
        return
    if key not in ("move", "jump"):
        battle.get(unit, Actions).run = (0, 0, 0)  # a running jump needs the run just before it
    if key.startswith("attack_") or key == "punch":
        pay(battle, unit, cost)
        weapon = key.removeprefix("attack_") if key != "punch" else fist_weapon(battle, unit).id
        spec = AttackSpec(unit, choice.target, WEAPON, weapon, choice.param("stance"),
                          choice.param("skill"), hands_of(choice.param("hand")))
        yield from strike(battle, spec)
    elif key == "kick":
        pay(battle, unit, cost)
        spec = AttackSpec(unit, choice.target, KICK, "fists", choice.param("stance"),
                          choice.param("skill"), ())
        yield from strike(battle, spec)
    elif key == "grapple":
        pay(battle, unit, cost)
        spec = AttackSpec(unit, choice.target, GRAPPLE, fist_weapon(battle, unit).id,
                          choice.param("stance"), choice.param("skill"), hands_of(choice.param("hand")))
        yield from grapples.grapple(battle, spec)
    elif key == "pull":
        pay(battle, unit, cost)
        battle.get(unit, HoldUpkeep).done = True
        spec = AttackSpec(unit, choice.target, PULL, "fists", choice.param("stance"),
                          choice.param("skill"), hands_of("primary"))
        yield from grapples.pull(battle, spec, choice.param("what"))
    elif key == "escape":
        yield from grapples.escape(battle, unit, choice.target, choice.param("stat"),
                                   choice.param("skill"))
    elif key == "maintain":
        pay(battle, unit, cost)
        grapples.maintain(battle, unit)
    elif key == "reinforce":
        pay(battle, unit, cost)
        grapples.reinforce(battle, unit, choice.target, choice.param("skill"))
    elif key == "pin":
        pay(battle, unit, cost)
        grapples.pin(battle, unit, choice.target, choice.param("follow"))
    elif key == "slam":
        pay(battle, unit, cost)
        grapples.slam(battle, unit, choice.target, choice.param("then"))
    elif key == "throw":
        pay(battle, unit, cost)
        yield from throwing.throw(battle, unit, choice.target, choice.param("skill"))
    elif key == "release":
        grapples.release(battle, unit)
    elif key == "drag":
        grapples.drag(battle, unit, choice.target)
    elif key == "move":
        moving.move(battle, unit, choice.target)
    elif key == "jump":
        moving.jump(battle, unit, choice.target, choice.param("kind"), choice.param("skill"))
    elif key == "stand":
        moving.stand(battle, unit)
    elif key in ("active_block", "active_parry", "active_dodge"):
        defend(battle, unit, choice, None)
    elif key == "distract":
        pay(battle, unit, cost)
        talk.distract(battle, unit, choice.target, choice.param("kind"))
    elif key == "bait":
        pay(battle, unit, cost)
        talk.bait(battle, unit, choice.target, choice.param("stance"))
    elif key == "demand":
        pay(battle, unit, cost)
        talk.demand(battle, unit, choice.target, choice.param("demand"))
    elif key == "draw":
        pay(battle, unit, cost)
        draw(battle, unit, choice.param("weapon"))
    elif key == "stow":
        pay(battle, unit, cost)
        stow(battle, unit, choice.param("weapon"))
    elif key == "pick_up":
        pay(battle, unit, cost)
        pick_up(battle, unit, choice.param("item"))
    elif key == "drop":
        drop(battle, unit, choice.param("item"))
    elif key == "get_down":
        battle.get(unit, Posture).value = FALLEN
        battle.emit(ConditionChanged(unit, battle.name(unit), "fallen", True, "gets down"))
    else:
        raise AssertionError(f"unhandled mahou option {key}")


# --- items ---------------------------------------------------------------------------------------
def _put_in_hands(battle: "Battle", unit: int, item: str) -> None:
    lo = battle.get(unit, Loadout)
    weapon = battle.ruleset.data.weapons.get(item)
    if weapon is not None and weapon.hands == 2:
        lo.main = lo.off = item
    elif lo.main is None:
        lo.main = item
    else:
        lo.off = item


def draw(battle: "Battle", unit: int, weapon: str) -> None:
    lo = battle.get(unit, Loadout)
    lo.carried.remove(weapon)
    _put_in_hands(battle, unit, weapon)
    battle.emit(Action(unit, battle.name(unit), f"draws the {battle.ruleset.data.weapons[weapon].name}."))


def stow(battle: "Battle", unit: int, weapon: str) -> None:
    lo = battle.get(unit, Loadout)
    w = battle.ruleset.data.weapons[weapon]
    if w.hands == 2:
        lo.main = lo.off = None
    elif lo.off == weapon:
        lo.off = None
    else:
        lo.main = None
    lo.carried.append(weapon)
    battle.emit(Action(unit, battle.name(unit), f"puts the {w.name} away."))


def pick_up(battle: "Battle", unit: int, item_entity: int) -> None:
    dropped = battle.get(item_entity, DroppedItem)
    battle.destroy(item_entity)
    data = battle.ruleset.data
    if dropped.item in data.armour:
        battle.get(unit, Loadout).armour = dropped.item
        name = data.armour[dropped.item].name
        battle.emit(Action(unit, battle.name(unit), f"puts the {name} back on."))
        return
    _put_in_hands(battle, unit, dropped.item)
    battle.emit(Action(unit, battle.name(unit), f"picks up the {data.item(dropped.item).name}."))


def drop(battle: "Battle", unit: int, item: str) -> None:
    data = battle.ruleset.data
    kind = "shield" if item in data.shields else "weapon"
    lo = battle.get(unit, Loadout)
    weapon = data.weapons.get(item)
    if weapon is not None and weapon.hands == 2:
        lo.main = lo.off = None
    elif lo.main == item:
        lo.main = None
    else:
        lo.off = None
    x, y = battle.tile(unit)
    battle.create(Position(x, y), DroppedItem(item, kind))
    battle.emit(Action(unit, battle.name(unit), f"drops the {data.item(item).name}."))


__all__ = ["perform", "drop_item"]
