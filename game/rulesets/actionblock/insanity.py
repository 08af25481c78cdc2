"""Insanity (rule text step 3: "If the target's Current Health Points are reduced to
less than their Current Ghost Power, then the character may have to make an Insanity
Roll"; ghostrules-insanity, Table 7.1 in insanity.toml).

Insanity Roll = 3d6 + Current Ghost HP − Current Physical HP, made whenever Physical
HP drops or Ghost HP rises while Physical HP < Ghost HP (the page's "greater than"
in one sentence contradicts its own rule; the rule text's "less than" is used).

[PROP] what each effect does in a skirmish: Stun N loses the next N Turns; Spell
Drain N takes N Current Ghost HP; Disruption Xd6 takes that much Spell Ghost HP from a
spell being cast; Increase Roll Xd6 adds Xd6 and reads the table again; Phobia, Minor
Insanity, the Transformations, Possessed and Hardened change a character's story, not
this battle: they are recorded on the unit card. Resist Insanity counts Physical HP
as 5 higher per rank. Rolls above 47 read row 47 (the page is cut off there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.actionblock.components import Conditions, Ghost, Health
from game.rulesets.actionblock.data import DiceExpr
from game.rulesets.actionblock.events import InsanityRolled, StatChanged
from game.rulesets.actionblock.stats import data, template

if TYPE_CHECKING:
    from game.engine.battle import Battle

NO_EFFECT_BELOW = 11
RESIST_PER_RANK = 5
MAX_ROW = 47


def effective_hp(battle: "Battle", unit: int) -> int:
    return battle.get(unit, Health).hp + RESIST_PER_RANK * template(battle, unit).talent("resist_insanity")


def needs_roll(battle: "Battle", unit: int) -> bool:
    ghost = battle.try_get(unit, Ghost)
    health = battle.get(unit, Health)
    return (ghost is not None and ghost.ghost > 0 and not health.unconscious
            and effective_hp(battle, unit) < ghost.ghost)


def row(battle: "Battle", total: int):
    if total < NO_EFFECT_BELOW:
        return None
    return data(battle).insanity.get(str(min(total, MAX_ROW)))


def roll_severity(battle: "Battle", text: str) -> int:
    dice = DiceExpr.parse(text)
    faces = battle.dice.roll(dice.count, dice.sides).faces if dice.count else ()
    return sum(faces) + dice.modifier


def check_insanity(battle: "Battle", unit: int) -> None:
    if not needs_roll(battle, unit):
        return
    ghost = battle.get(unit, Ghost).ghost
    hp = effective_hp(battle, unit)
    faces = battle.dice.roll(3, 6).faces
    extra = 0
    while True:
        total = sum(faces) + ghost - hp + extra
        r = row(battle, total)
        effect = "none" if r is None else r.effect
        severity = 0 if r is None or r.effect == "none" else roll_severity(battle, r.severity)
        battle.emit(InsanityRolled(unit, battle.name(unit), faces, ghost, hp, extra, total, effect,
                                   severity))
        if effect != "increase_roll":
            break
        extra += severity
    apply(battle, unit, effect, severity)


def apply(battle: "Battle", unit: int, effect: str, severity: int) -> None:
    cond = battle.get(unit, Conditions)
    if effect == "none":
        return
    if effect == "stun":
        cond.stunned += severity
    elif effect == "spell_drain":
        ghost = battle.get(unit, Ghost)
        before = ghost.ghost
        ghost.ghost = max(0, ghost.ghost - severity)
        battle.emit(StatChanged(unit, battle.name(unit), "Current Ghost HP", before, ghost.ghost,
                                "Spell Drain"))
    elif effect == "disruption":
        from game.rulesets.actionblock.spells import weaken
        weaken(battle, unit, severity, "Disruption")
    else:
        label = effect.replace("_", " ") + (f" {severity}" if severity else "")
        cond.lasting.append(label)
