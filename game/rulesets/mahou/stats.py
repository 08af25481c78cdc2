"""Reading a Mahou unit: its template's stats and dice, what its hands hold, its
passive defences, and the conditions that bend its rolls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.components import FALLEN, OutOfFight, Posture
from game.rulesets.mahou.components import (ActiveDefences, Character, Health, Hold,
                                            Loadout)
from game.rulesets.mahou.data import Armour, Shield, UnitTemplate, Weapon
from game.rulesets.mahou.dice import Die, stat_die

if TYPE_CHECKING:
    from game.engine.battle import Battle

FALLEN_PENALTY = -2  # rule text: "−2 penalty to their passive defenses and to all rolls
# made that use any of their hand actions"
EXHAUSTED_PENALTY = -2  # [PROP] the text names the state but its excerpt gives no penalty
HELPLESS_TN = 5  # rule text: a target that is not conscious or completely unable to move


def template(battle: "Battle", unit: int) -> UnitTemplate:
    return battle.ruleset.data.templates[battle.get(unit, Character).template]


def stat(battle: "Battle", unit: int, name: str) -> int:
    # `template(...).stat(name)`, read without the two calls (it is read very often)
    return getattr(battle.ruleset.data.templates[battle.get(unit, Character).template], name)


def die_of(battle: "Battle", unit: int, stat_name: str) -> Die:
    return stat_die(stat(battle, unit, stat_name))


def rank(battle: "Battle", unit: int, skill: str) -> int:
    return template(battle, unit).rank(skill)


def facet_skills(battle: "Battle", unit: int) -> frozenset[str]:
    """Skills named by the unit's facets (all active: [PROP]), worked out once per
    template when the data loads."""
    return battle.ruleset.data.facet_skills[template(battle, unit).id]


# --- what the hands hold ---------------------------------------------------------------
def loadout(battle: "Battle", unit: int) -> Loadout:
    return battle.get(unit, Loadout)


def item(battle: "Battle", item_id: str) -> Weapon | Shield:
    return battle.ruleset.data.item(item_id)


def held_weapons(battle: "Battle", unit: int) -> list[Weapon]:
    """Weapons in hand, each once (a two-handed weapon fills both hands)."""
    lo = loadout(battle, unit)
    weapons = battle.ruleset.data.weapons
    out: list[Weapon] = []
    for slot in (lo.main, lo.off):
        # one object per weapon id in the table: identity is equality (and far cheaper
        # than comparing two models field by field)
        if slot in weapons and all(w is not weapons[slot] for w in out):
            out.append(weapons[slot])
    return out


def shield(battle: "Battle", unit: int) -> Shield | None:
    lo = loadout(battle, unit)
    shields = battle.ruleset.data.shields
    for slot in (lo.main, lo.off):
        if slot in shields:
            return shields[slot]
    return None


def armour(battle: "Battle", unit: int) -> Armour | None:
    lo = loadout(battle, unit)
    return battle.ruleset.data.armour[lo.armour] if lo.armour else None


def free_hands(battle: "Battle", unit: int) -> int:
    """Hands that are empty or wear a fist weapon (those can punch, block and grapple)."""
    lo = loadout(battle, unit)
    weapons = battle.ruleset.data.weapons
    return sum(1 for slot in (lo.main, lo.off) if slot is None or (slot in weapons and weapons[slot].fist))


def fist_weapon(battle: "Battle", unit: int) -> Weapon:
    """What a bare-handed blow deals: a worn fist weapon if any, else bare fists."""
    for w in held_weapons(battle, unit):
        if w.fist:
            return w
    return battle.ruleset.data.weapons["fists"]


def empty_hands(battle: "Battle", unit: int) -> int:
    lo = loadout(battle, unit)
    return sum(1 for slot in (lo.main, lo.off) if slot is None)


def grapple_ready(battle: "Battle", unit: int) -> bool:
    """Grappling needs the grappler "unarmed or only using weapons which allow their
    bare hand to deal damage": [PROP] no held non-fist weapon (a shield is no weapon)."""
    return all(w.fist for w in held_weapons(battle, unit))


def parry_items(battle: "Battle", unit: int) -> list[Weapon | Shield]:
    """Held weapons and shields that allow the Precise stance (Spot and Active Parry)."""
    out: list[Weapon | Shield] = [w for w in held_weapons(battle, unit) if "precise" in w.stances]
    s = shield(battle, unit)
    if s is not None and s.parry:
        out.append(s)
    return out


# --- conditions ----------------------------------------------------------------------
def is_fallen(battle: "Battle", unit: int) -> bool:
    posture = battle.try_get(unit, Posture)
    return posture is not None and posture.value == FALLEN


def is_exhausted(battle: "Battle", unit: int) -> bool:
    """Traumatic Damage page: 0 to −Defense hit points."""
    return battle.get(unit, Health).hp <= 0


def pinned(battle: "Battle", unit: int) -> bool:
    return any(h.held == unit and h.pinned for _, h in all_holds(battle))


def all_holds(battle: "Battle") -> list:
    """Every hold (entity, Hold), kept while a decision is pending (read very often)."""
    return battle.memo("mahou-holds", lambda: battle.query(Hold))


def helpless(battle: "Battle", unit: int) -> bool:
    """Not conscious or completely unable to move (unconscious, or pinned: [PROP]);
    a unit whose moves are merely spent or drained is not helpless (rule text)."""
    return battle.has(unit, OutOfFight) or pinned(battle, unit)


def roll_conditions(battle: "Battle", unit: int, uses_hands: bool) -> list[tuple[str, int]]:
    """Flat penalties from the unit's own state for a roll it makes."""
    out: list[tuple[str, int]] = []
    if uses_hands and is_fallen(battle, unit):
        out.append(("fallen", FALLEN_PENALTY))
    if is_exhausted(battle, unit):
        out.append(("exhausted", EXHAUSTED_PENALTY))
    return out


# --- passive defences ---------------------------------------------------------------
DEFENCE_OF_STANCE = {"strong": "block", "fast": "dodge", "precise": "parry"}
DEFENCE_STAT = {"block": "defense", "dodge": "agility", "parry": "accuracy"}
DEFENCE_NAME = {"block": "Passive Block", "dodge": "Passive Dodge", "parry": "Passive Parry"}


def base_passive(battle: "Battle", unit: int, defence: str) -> int:
    """1 + half the stat, rounded down (Passive Block: Defense; Dodge: Agility; Parry: Accuracy)."""
    return 1 + stat(battle, unit, DEFENCE_STAT[defence]) // 2


def passive(battle: "Battle", unit: int, stance: str) -> tuple[int, list[tuple[str, int]]]:
    """The passive defence against an attack in `stance`, with its breakdown.

    An active defence result replaces it while it lasts when higher ([PROP]: "you may
    choose", and nobody chooses a lower one); fallen is −2.
    """
    defence = DEFENCE_OF_STANCE[stance]
    value = base_passive(battle, unit, defence)
    parts = [(DEFENCE_NAME[defence], value)]
    active = getattr(battle.get(unit, ActiveDefences), defence)
    if active is not None and active > value:
        parts = [(f"Active {defence.capitalize()}", active)]
        value = active
    if is_fallen(battle, unit):
        parts.append(("fallen", FALLEN_PENALTY))
        value += FALLEN_PENALTY
    return value, parts
