"""Action Block AI: spells. A spell under way is channelled and activated; a damage
spell is worth part of its exact odds, a heal what it brings back, a Barrier the
spell damage the other side can deal, a Gale Burst the foes it pushes less the
friends. Option scorers: (ai, battle, decision, option, best attack) -> scored."""

from __future__ import annotations

from game.rulesets.actionblock.components import Casting, Ghost, Health, Points
from game.rulesets.actionblock.stats import distance_ft, items, template
from game.ai.actionblock_points import cost_value
from game.ai.actionblock_terms import KILL_WEIGHT, foes


def channel(ai, battle, decision, opt, attack_score):
    return [(3.0, opt.choice())]


def activate(ai, battle, decision, opt, attack_score):
    return [(10.0, opt.choice())]


def cancel(ai, battle, decision, opt, attack_score):
    c = battle.get(decision.actor, Casting)
    spell = battle.ruleset.data.spells[c.spell]
    if c.target is not None and spell.effect == "damage" and battle.get(c.target, Health).unconscious:
        return [(0.5, opt.choice())]
    return []


def cast(ai, battle, decision, opt, attack_score):
    unit = decision.actor
    data = battle.ruleset.data
    team = battle.team(unit)
    best: list = []
    ghost = battle.get(unit, Ghost).ghost
    p = battle.get(unit, Points)
    threat = None  # `spell_threat`, asked once (it is the same for every target)
    for target in opt.targets:
        for spell_id in opt.params_for(target)["spell"]:
            spell = data.spells[spell_id]
            value = 0.0
            h = battle.get(target, Health)
            if spell.effect == "damage" and battle.team(target) != team and not h.unconscious:
                o = battle.ruleset.odds(battle, decision, opt.choice(target, spell=spell_id))
                value = 0.6 * (o.expected_damage + KILL_WEIGHT * o.chance_at_least(h.hp))
            elif spell.effect == "heal" and battle.team(target) == team and not h.dead:
                missing = h.max_hp - h.hp
                value = 0.6 * min(missing, 21) + (6.0 if h.unconscious else 0.0)
                if missing < 8:
                    value = 0.0
            elif spell.effect == "gather_mist":
                value = 0.3 * (battle.get(unit, Ghost).max_ghost - ghost) - 2
            elif spell.effect == "barrier" and battle.team(target) == team:
                # It absorbs spell damage only (a Tesla's, a spell's): worth casting
                # when the other side can deal some.
                if threat is None:
                    threat = spell_threat(battle, unit)
                value = 0.6 * threat * (1.0 if target != unit else 0.5)
            elif spell.effect == "knockback":
                value = gale_value(battle, unit, spell)
            if value <= 0:
                continue
            mods = opt.params["speed_modifiers"]
            shorten = next((m for m in mods if m.startswith("Shorten Spell 1") and "+" not in m), "none")
            if p.speed - 5 - 5 < 3:
                shorten = "none"
            choice = opt.choice(target, spell=spell_id, ghost=opt.params["ghost"][0],
                                speed_modifiers=shorten, recover_strength=0)
            best.append((value - cost_value(ai, battle, unit, "cast") * 0.6, choice))
    return best


def spell_threat(battle, unit: int) -> int:
    """Standing enemies that deal spell damage (a Tesla, or a damaging spell and the
    Ghost HP to cast it)."""
    data = battle.ruleset.data
    count = 0
    for foe in foes(battle, unit):
        if any(data.weapons[w].damage_type == "spell" for w in items(battle, foe).values()):
            count += 2
        elif battle.get(foe, Ghost).ghost >= 1 and any(
                data.spells[s].effect == "damage" for s in template(battle, foe).spells):
            count += 1
    return count


def gale_value(battle, unit: int, spell) -> float:
    team = battle.team(unit)
    value = 0.0
    for u in battle.units(active_only=True):
        if u != unit and distance_ft(battle, battle.tile(unit), battle.tile(u)) <= spell.range_ft:
            value += 1.5 if battle.team(u) != team else -1.5
    return value


def healing_word(ai, battle, decision, opt, attack_score):
    best: list = []
    for target in opt.targets:
        h = battle.get(target, Health)
        missing = h.max_hp - h.hp
        if missing >= 4:
            score = min(missing, 3.5 * 2) * 0.6 + (5.0 if h.unconscious else 0) - cost_value(
                ai, battle, decision.actor, "healing_word")
            best.append((score, opt.choice(target)))
    return best
