"""Talk: distractions (General, Infatuate, Infuriate, Intimidate), their penalties,
the smitten / enraged / terrified states, baiting and demands.

Rule text, "Talk": a character only takes the highest penalty of the distractions it
suffers, and the originator of that distraction is the one it is drawn to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.engine.events import ConditionChanged
from game.kept import pure
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.components import Actions, Distraction, Distractions, Encounter
from game.rulesets.mahou.events import Action, CheckRolled, DistractionRolled
from game.rulesets.mahou.stats import die_of, roll_conditions, template
from game.world.paths import chebyshev

if TYPE_CHECKING:
    from game.engine.battle import Battle

GENERAL, INFATUATE, INFURIATE, INTIMIDATE = "general", "infatuate", "infuriate", "intimidate"
KINDS = (GENERAL, INFATUATE, INFURIATE, INTIMIDATE)
STATE_OF = {INFATUATE: "smitten", INFURIATE: "enraged", INTIMIDATE: "terrified"}
STATE_AT = 10  # a difference of 10 or more smites, enrages or terrifies
DECAY = 2  # "then a penalty of two less the next round, and so on until 0"
GENERAL_PENALTY = -2  # the distractor's −2 on a general distraction roll
GENERAL_REPEAT = -1  # −1 cumulative per earlier general distraction at the same target
RATING_OFFSET = -4  # "subtract 4 to determine the Distraction rating"
RATING_REPEAT = -2  # −2 cumulative per earlier attempt of that kind by that character
EARSHOT_FT = 60  # [PROP] a distraction reaches a target in sight within 60 ft
DEMANDS = ("back_off", "drop_weapon", "get_down")

Intent = tuple  # ("attack", target, stance) / ("move", tile) / ("drop",) / ("get_down",) / ("other",)


def encounter(battle: "Battle", record: bool = False) -> Encounter:
    """The battle's distraction counts. Queries (odds, the AI, the window) read an empty
    stand-in until the first attempt; only `record=True` (an attempt being resolved)
    creates the singleton, so reading never changes the battle (issue 17.1)."""
    rows = battle.query(Encounter)
    if rows:
        return rows[0][1]
    if not record:
        return Encounter()
    enc = Encounter()
    battle.create(enc)
    return enc


def strongest(battle: "Battle", unit: int) -> Distraction | None:
    """The distraction whose penalty counts (the highest; the earliest on a tie)."""
    d = battle.try_get(unit, Distractions)
    if d is None or not d.entries:
        return None
    return max(d.entries, key=lambda e: e.penalty)


def state(battle: "Battle", unit: int) -> tuple[str, int] | None:
    """("enraged", distractor) and the like, or None."""
    top = strongest(battle, unit)
    if top is None or not top.state:
        return None
    return top.state, top.source


def _toward(battle: "Battle", unit: int, source: int, tile: Any) -> int:
    """−1 if moving to `tile` brings the unit closer to `source`, +1 if farther, 0 same."""
    here = chebyshev(battle.tile(unit), battle.tile(source))
    there = chebyshev(tile, battle.tile(source))
    return (there > here) - (there < here)


def _obeys(entry: Distraction, intent: Intent) -> bool:
    """Whether the action is what the distractor demanded (a spoken wish)."""
    if entry.demand == "drop_weapon":
        return intent[0] == "drop"
    if entry.demand == "get_down":
        return intent[0] == "get_down"
    return False


def driven(battle: "Battle", unit: int, entry: Distraction, intent: Intent) -> bool:
    """Whether the state allows the action without an Intelligence roll: an enraged one
    getting to or attacking its distractor "via any means"; a terrified one getting
    away from or obeying it; a smitten one doing nothing against its wishes ([PROP]:
    nothing hostile to the distractor or its side)."""
    kind = intent[0]
    if entry.state == "enraged":
        if kind == "attack":
            return intent[1] == entry.source
        return kind == "move" and _toward(battle, unit, entry.source, intent[1]) < 0
    if entry.state == "terrified":
        away = kind == "move" and _toward(battle, unit, entry.source, intent[1]) > 0
        return away or _obeys(entry, intent)
    if entry.state == "smitten":
        hostile = kind == "attack" and battle.team(intent[1]) == battle.team(entry.source)
        return not hostile
    return True


def exempt(battle: "Battle", unit: int, entry: Distraction, intent: Intent) -> bool:
    """Whether a roll for the action escapes the penalty. Enraged: reaching or attacking
    the distractor, or once baited only the baited attack. Terrified: getting away or
    obeying, or once given a demand only the demand. Smitten: only what conforms to a
    verbalized wish."""
    kind = intent[0]
    if entry.state == "enraged":
        if entry.bait:
            return kind == "attack" and intent[1] == entry.source and intent[2] == entry.bait
        return driven(battle, unit, entry, intent)
    if entry.state == "terrified":
        if entry.demand:
            away = kind == "move" and _toward(battle, unit, entry.source, intent[1]) > 0
            return _obeys(entry, intent) or (entry.demand == "back_off" and away)
        return driven(battle, unit, entry, intent)
    if entry.state == "smitten":
        return _obeys(entry, intent) or (entry.demand == "back_off" and kind == "move"
                                         and _toward(battle, unit, entry.source, intent[1]) > 0)
    return False


def contrary(battle: "Battle", unit: int, intent: Intent) -> Distraction | None:
    """The state an action goes against (it needs an Intelligence roll), or None."""
    top = strongest(battle, unit)
    if top is None or not top.state or not battle.active(top.source):
        return None
    return None if driven(battle, unit, top, intent) else top


def skill_penalty(battle: "Battle", unit: int, intent: Intent) -> list[tuple[str, int]]:
    """The distraction penalty on a skill roll made for `intent` (none when the state
    exempts the action)."""
    top = strongest(battle, unit)
    if top is None or top.penalty <= 0:
        return []
    if top.state and exempt(battle, unit, top, intent):
        return []
    return [(f"distracted ({top.kind})", -top.penalty)]


def intelligence_check(battle: "Battle", unit: int, entry: Distraction, doing: str) -> bool:
    """"An intelligence roll equal to the penalty" to act against the state: [PROP] a
    single Intelligence die (a stat roll), meeting or beating the current penalty."""
    spec = md.RollSpec((md.single(die_of(battle, unit, "intelligence"), "Intelligence"),),
                       tuple(roll_conditions(battle, unit, False)))
    rolled = md.roll(battle.dice, spec)
    ok = rolled.total >= entry.penalty
    battle.emit(CheckRolled(unit, battle.name(unit), f"Intelligence to {doing} while {entry.state}",
                            str(rolled), rolled.total, entry.penalty, "penalty", ok))
    return ok


# --- distraction attempts --------------------------------------------------------------
def attracted(battle: "Battle", distractor: int, target: int) -> bool:
    """Infatuate reaches only those attracted to the distractor's sex."""
    return template(battle, distractor).sex in template(battle, target).attracted_to


def rating_spec(battle: "Battle", distractor: int, target: int, kind: str) -> md.RollSpec:
    enc = encounter(battle)
    per = die_of(battle, distractor, "personality")
    conds = roll_conditions(battle, distractor, False)
    if kind == GENERAL:
        mods = [("general distraction", GENERAL_PENALTY)]
        earlier = enc.general_on.get(target, 0)
        if earlier:
            mods.append((f"{earlier} earlier at this target", GENERAL_REPEAT * earlier))
        return md.RollSpec((md.single(per, "Personality"),), tuple(mods + conds))
    mods = [("rating", RATING_OFFSET)]
    earlier = enc.attempts.get((distractor, kind), 0)
    if earlier:
        mods.append((f"{earlier} earlier {kind} attempts", RATING_REPEAT * earlier))
    return md.RollSpec((md.nonskilled(per, "Personality"),), tuple(mods + conds))


def resist_spec(battle: "Battle", target: int, kind: str) -> md.RollSpec:
    intel = die_of(battle, target, "intelligence")
    conds = tuple(roll_conditions(battle, target, False))
    if kind == GENERAL:
        return md.RollSpec((md.single(intel, "Intelligence"),), conds)
    return md.RollSpec((md.nonskilled(intel, "Intelligence"),), conds)


def success_chance(battle: "Battle", distractor: int, target: int, kind: str) -> float:
    """General: the distractor's roll must be higher; the others: the target's roll
    must be less than the rating. Both are "mine > theirs"."""
    return md.chance_beats(rating_spec(battle, distractor, target, kind),
                           resist_spec(battle, target, kind))


def distract(battle: "Battle", distractor: int, target: int, kind: str) -> None:
    enc = encounter(battle, record=True)
    rating = md.roll(battle.dice, rating_spec(battle, distractor, target, kind))
    resist = md.roll(battle.dice, resist_spec(battle, target, kind))
    if kind == GENERAL:
        enc.general_on[target] = enc.general_on.get(target, 0) + 1
    else:
        enc.attempts[(distractor, kind)] = enc.attempts.get((distractor, kind), 0) + 1
    penalty = max(0, rating.total - resist.total)
    new_state = STATE_OF.get(kind, "") if penalty >= STATE_AT else ""
    if penalty:
        entries = battle.try_get(target, Distractions)
        if entries is None:
            entries = Distractions()
            battle.add(target, entries)
        if kind == GENERAL:
            acting = battle.get(target, Actions).in_turn == "full"
            entry = Distraction(kind, distractor, penalty, full_turns_left=2 if acting else 1)
        else:
            # A different non-general distraction succeeding with a higher penalty
            # ends the states of the others.
            for old in entries.entries:
                if old.kind != GENERAL and old.state and penalty > old.penalty:
                    old.state = ""
            entry = Distraction(kind, distractor, penalty, new_state)
        entries.entries.append(entry)
    battle.emit(DistractionRolled(distractor, battle.name(distractor), kind, target,
                                  battle.name(target), str(rating), rating.total, str(resist),
                                  resist.total, penalty, new_state))


def bait(battle: "Battle", distractor: int, target: int, stance: str) -> None:
    entry = strongest(battle, target)
    entry.bait = stance
    battle.emit(Action(distractor, battle.name(distractor),
                       f"baits {battle.name(target)} into a {stance.capitalize()} attack."))


def demand(battle: "Battle", distractor: int, target: int, what: str) -> None:
    entry = strongest(battle, target)
    entry.demand = what
    battle.emit(Action(distractor, battle.name(distractor),
                       f"demands of {battle.name(target)}: {what.replace('_', ' ')}."))


# --- time --------------------------------------------------------------------------------
def after_full_turn(battle: "Battle", unit: int) -> None:
    """A general distraction lasts until the end of the distractee's next full turn."""
    d = battle.try_get(unit, Distractions)
    if d is None:
        return
    before = state(battle, unit)
    for e in list(d.entries):
        if e.kind == GENERAL:
            e.full_turns_left -= 1
            if e.full_turns_left <= 0:
                d.entries.remove(e)
    _announce_state_end(battle, unit, before)


def decay(battle: "Battle", unit: int) -> None:
    """End of round: every other distraction's penalty drops by 2, ending at 0."""
    d = battle.try_get(unit, Distractions)
    if d is None:
        return
    before = state(battle, unit)
    for e in list(d.entries):
        if e.kind != GENERAL:
            e.penalty -= DECAY
            if e.penalty <= 0:
                d.entries.remove(e)
    _announce_state_end(battle, unit, before)


def _announce_state_end(battle: "Battle", unit: int, before: tuple[str, int] | None) -> None:
    if battle.over:
        return  # the count still runs down at the winning turn's end; nothing is announced after the end
    if before is not None and state(battle, unit) != before and battle.active(unit):
        battle.emit(ConditionChanged(unit, battle.name(unit), before[0], False,
                                     f"no longer drawn to {battle.name(before[1])}"))


def expected_effect(battle: "Battle", distractor: int, target: int, kind: str) -> tuple[float, float]:
    """(expected penalty, chance of smiting / enraging / terrifying) of an attempt, exactly."""
    return _effect(rating_spec(battle, distractor, target, kind), resist_spec(battle, target, kind),
                   kind != GENERAL)


@pure("mahou-talk-effect")
def _effect(rating: md.RollSpec, resist: md.RollSpec, states: bool) -> tuple[float, float]:
    """The difference rating − resistance, over both exact distributions (specs are
    values, so the answer is memoised outside any battle)."""
    a, b = md.distribution(rating), md.distribution(resist)
    va, pa = np.array(list(a), dtype=np.int64), np.array(list(a.values()))
    vb, pb = np.array(list(b), dtype=np.int64), np.array(list(b.values()))
    diff = va[:, None] - vb[None, :]
    joint = pa[:, None] * pb[None, :]
    mean = float((joint * np.maximum(diff, 0)).sum())
    state_p = float(joint[diff >= STATE_AT].sum()) if states else 0.0
    return mean, state_p
