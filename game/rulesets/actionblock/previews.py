"""Exact odds of an offensive or contested choice, for the window and the AI.

Every number comes from the definitions the roll uses (attacks.attack_profile,
grappling.break_chance, charisma.chance, spells.effect_dist).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import odds
from game.engine.decisions import TURN, Choice, Decision
from game.engine.odds import Odds
from game.rulesets.actionblock import charisma, grappling
from game.rulesets.actionblock.attacks import attack_odds, attack_profile
from game.rulesets.actionblock.components import Barrier, Casting, Defences
from game.rulesets.actionblock.spells import effect_dist, spell_of
from game.rulesets.actionblock.stats import grappling_item, max_grapple_strength

if TYPE_CHECKING:
    from game.engine.battle import Battle

ATTACKS = ("melee", "combo", "gun", "aimed", "second_melee", "second_gun", "second_aimed")


def spell_damage_odds(battle: "Battle", unit: int, spell_id: str, target: int | None) -> Odds:
    spell = spell_of(battle, spell_id)
    dist = effect_dist(battle, unit, spell)
    if spell.effect != "damage" or target is None:
        note = {"heal": "heals", "gather_mist": "restores Ghost HP", "barrier": "raises a barrier",
                "knockback": "knocks back everyone near", "damage": "no target"}[spell.effect]
        return Odds(1.0, 0.0, {0: 1.0}, (), 0, (f"{spell.name} {note}: {odds.mean(dist):.1f} on average"
                                              if spell.effect == "heal" else f"{spell.name} {note}",))
    dr = battle.get(target, Defences).spell_dr
    barrier = battle.try_get(target, Barrier)
    absorb = barrier.left if barrier else 0
    damage = odds.transform(dist, lambda v: max(0, max(0, v - dr) - absorb))
    return Odds(1.0, 0.0, dict(sorted(damage.items())), (("Spell DR", -dr),), 0,
                (f"after {spell.cast_time} Action Blocks of casting",))


def skill_foes(battle: "Battle", unit: int, target: int | None) -> list[int]:
    """Whom a Charisma Skill is rolled against: its target, or (none) every standing enemy."""
    return [target] if target is not None else [
        u for u in battle.units(active_only=True) if battle.team(u) != battle.team(unit)]


def skill_chance(battle: "Battle", unit: int, key: str, target: int | None) -> float:
    """The chance a Charisma Skill succeeds (the mean over its rolls when it has no
    single target; 0 against nobody): the `hit` of its odds."""
    foes = skill_foes(battle, unit, target)
    if not foes:
        return 0.0
    mine = charisma.offensive_bonus(battle, unit, key)
    ps = [charisma.chance(mine, charisma.defensive_bonus(battle, f)) for f in foes]
    return sum(ps) / len(ps)


def choice_odds(battle: "Battle", decision: Decision, choice: Choice) -> Odds | None:
    if decision.kind != TURN:
        return None
    unit, key, target = decision.actor, choice.option, choice.target
    if key in ATTACKS:
        spinning = choice.param("modifier") == "spinning_strike"
        o = attack_odds(attack_profile(battle, unit, target, key, choice.param("weapon"), charge=not spinning))
        if spinning:
            from dataclasses import replace
            from game.rulesets.actionblock.actions import spinning_targets
            others = len(spinning_targets(battle, unit)) - 1
            o = replace(o, notes=o.notes + (f"odds against this target; Spinning Strike also rolls "
                                            f"against {others} other{'s' if others != 1 else ''}",))
        return o
    if key in ("grapple", "grapple_attack"):
        return attack_odds(attack_profile(battle, unit, target, key, grappling_item(battle, unit)))
    if key == "break_grapple":
        p = grappling.break_chance(battle, unit, target)
        return Odds(p, 0.0, {0: 1.0}, (("Max Grapple Strength", max_grapple_strength(battle, unit)),
                                       ("theirs", -max_grapple_strength(battle, target))), 0)
    if key in battle.ruleset.data.charisma:
        s = charisma.skill(battle, key)
        mine = charisma.offensive_bonus(battle, unit, key)
        foes = skill_foes(battle, unit, target)
        if not foes:
            return Odds(0.0, 0.0, {0: 1.0}, (), 0)
        notes = () if len(foes) == 1 else (f"one roll against each of {len(foes)} enemies",)
        return Odds(skill_chance(battle, unit, key, target), 0.0, {0: 1.0}, ((f"Rank {s.name}", mine),), 0, notes)
    if key in ("cast", "echo"):
        spell = spell_of(battle, choice.param("spell"))
        return spell_damage_odds(battle, unit, spell.id, target if spell.target == "unit" else None)
    if key == "activate":
        casting = battle.get(unit, Casting)
        return spell_damage_odds(battle, unit, casting.spell, casting.target)
    return None
