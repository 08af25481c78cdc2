"""Building small Action Block battles for rule tests: templates with round numbers,
forced dice, and answering the pending decision by option key."""

from __future__ import annotations

from game.engine.battle import Battle, UnitOrder
from game.engine.decisions import Choice
from game.engine.dice import ScriptedDice
from game.rulesets.actionblock import ActionBlockRuleset
from game.rulesets.actionblock.components import Defences, Health, Points
from game.rulesets.actionblock.data import UnitTemplate
from tests.helpers import ascii_map, events_of, open_map  # noqa: F401 (re-exported)

#: Templates with the numbers the worked examples use. Max Speed decides the Turn
#: Order, so the first unit listed in a test acts first when its speed is higher.
TEST_TEMPLATES = {
    # Longsword (1d6+1, +1) with Melee Boost 1: +1 to hit, +1d6 damage.
    "swordsman": dict(name="Swordsman", archetype="brawler", max_strength=12, max_speed=10,
                      armour="unarmored", weapons=["longsword"], talents={"melee_boost": 1}),
    "plain_sword": dict(name="Plain Sword", archetype="brawler", max_strength=12, max_speed=10,
                        armour="unarmored", weapons=["longsword"]),
    # Light armour: Passive Evasion 7, PDR 2.
    "target": dict(name="Target", archetype="guardian", max_strength=12, max_speed=8,
                   armour="light", weapons=["hand_hammer"]),
    "shieldbearer": dict(name="Shieldbearer", archetype="guardian", max_strength=12, max_speed=8,
                         armour="light", weapons=["longsword", "large_shield"]),
    "pistoleer": dict(name="Pistoleer", archetype="gunner", max_strength=10, max_speed=10,
                      armour="unarmored", weapons=["palm_pistol"]),
    "charger": dict(name="Charger", archetype="brawler", max_strength=12, max_speed=10,
                    armour="unarmored", weapons=["claymore"]),
    "greatsword": dict(name="Greatswordsman", archetype="brawler", max_strength=12, max_speed=8,
                       armour="heavy", weapons=["greatsword"]),
    "star_driller": dict(name="Star Driller", archetype="brawler", max_strength=20, max_speed=10,
                         armour="unarmored", weapons=["star_drill"]),
    "heavy": dict(name="Heavy", archetype="guardian", max_strength=12, max_speed=8,
                  armour="heavy", weapons=["longsword"]),
    "sniper": dict(name="Sniper", archetype="marksman", max_strength=10, max_speed=10,
                   armour="unarmored", weapons=["hunting_rifle"]),
    "shotgunner": dict(name="Shotgunner", archetype="gunner", max_strength=10, max_speed=10,
                       armour="unarmored", weapons=["shotgun"]),
    "boosted_shotgunner": dict(name="Boosted Shotgunner", archetype="gunner", max_strength=10,
                               max_speed=10, armour="unarmored", weapons=["shotgun"],
                               talents={"gun_boost": 1}),
    "dodger": dict(name="Dodger", archetype="scout", max_strength=8, max_speed=7,
                   armour="medium", weapons=["hand_hammer"], talents={"dodge_boost": 1}),
    "hammerer_t": dict(name="Hammer", archetype="guardian", max_strength=14, max_speed=10,
                       armour="unarmored", weapons=["war_hammer"]),
    "grappler": dict(name="Grappler", archetype="brawler", max_strength=12, max_speed=10,
                     armour="unarmored", weapons=["gauntlet"], talents={"grapple_boost": 1}),
    "slow": dict(name="Slow", archetype="guardian", max_strength=12, max_speed=6,
                 armour="light", weapons=["longsword"]),
    "caster": dict(name="Caster", archetype="scout", max_strength=12, max_speed=14,
                   armour="unarmored", weapons=["palm_pistol"], ghost_hp=20,
                   spells=["elemental", "health_recovery", "gather_mist", "spell_barrier",
                           "gale_burst"]),
    "talker": dict(name="Talker", archetype="guardian", max_strength=12, max_speed=10,
                   armour="unarmored", weapons=["longsword"],
                   charisma={"taunt": 1, "stunning_scream": 1, "battle_strategy": 1, "stealth": 1}),
    "twin": dict(name="Twin Pistols", archetype="scout", max_strength=10, max_speed=10,
                 armour="unarmored", weapons=["palm_pistol", "palm_pistol"],
                 abilities=["second_attack"]),
}


def ruleset() -> ActionBlockRuleset:
    rs = ActionBlockRuleset()
    for key, fields in TEST_TEMPLATES.items():
        rs.data.templates[key] = UnitTemplate.model_validate({"id": key, **fields})
    return rs


def battle(units: list[tuple[int, str, int, int]], dice: list, tmap=None, max_rounds: int = 40) -> Battle:
    """A battle on `tmap` (an open 30x10 field by default) with scripted dice."""
    orders = [UnitOrder(team, template, x, y) for team, template, x, y in units]
    return Battle(tmap or open_map(), ruleset(), orders, dice=ScriptedDice(list(dice)),
                  max_rounds=max_rounds)


def answer(b: Battle, key: str, target=None, **params) -> list:
    """Answer the pending decision with option `key` (it must be offered)."""
    opt = b.pending.option(key)
    assert opt is not None, f"{key!r} not offered; offered: {[o.key for o in b.pending.options]}"
    return b.submit(Choice(key, target, tuple(sorted(params.items()))))


def offered(b: Battle) -> list[str]:
    return [o.key for o in b.pending.options]


def set_points(b: Battle, unit: int, strength: int | None = None, speed: int | None = None) -> None:
    p = b.get(unit, Points)
    if strength is not None:
        p.strength = strength
    if speed is not None:
        p.speed = speed


def set_hp(b: Battle, unit: int, hp: int) -> None:
    b.get(unit, Health).hp = hp


def set_pdr(b: Battle, unit: int, pdr: int) -> None:
    d = b.get(unit, Defences)
    d.pdr = d.pdr_full = pdr
