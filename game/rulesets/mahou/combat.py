"""Resolving an attack: the target's defences before and after the roll, the roll,
criticals and their effects, damage, and a grappled attacker hitting itself.

Functions that may need someone's decision (a reaction, a critical's choice) are
generators run with `yield from` inside the turn flow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generator

import numpy as np

from game.engine.components import FALLEN, Position, Posture
from game.engine.decisions import PICK, REACTION, Choice, Decision, Option
from game.engine.events import ConditionChanged
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.attacks import (GRAPPLE, KICK, SELF_HIT_MARGIN, WEAPON, AttackProfile,
                                         AttackSpec, attack_profile, damage_spec,
                                         expected_after_soak, target_number)
from game.rulesets.mahou.components import (HANDS, MOVE, OFFHAND, PRIMARY, SPEAK, Actions,
                                            ActiveDefences, DroppedItem, Loadout, PreciseHits)
from game.rulesets.mahou.damage import hit_with
from game.rulesets.mahou.defences import options as defence_options
from game.rulesets.mahou.defences import cost_of, raise_active, roll_spec, spec_from
from game.rulesets.mahou.economy import base, defence_pool, owned, pay
from game.rulesets.mahou.events import (ActionsChanged, AttackDeclared, AttackRolled,
                                        AttackRollShown, DefenceRolled)
from game.rulesets.mahou.stats import (DEFENCE_OF_STANCE, FALLEN_PENALTY, base_passive, helpless,
                                       is_fallen)

if TYPE_CHECKING:
    from game.engine.battle import Battle

Flow = Generator[Decision, Choice, None]
PASS = Option("pass", "No defence", "", hotkey="n", description="Let the attack come.")


@dataclass
class Incoming:
    """An attack being resolved: its profile, the spot defences rolled against it."""

    profile: AttackProfile
    spots: list[tuple[str, int]] = field(default_factory=list)
    total: int | None = None
    roll_text: str = ""

    def number(self, battle: "Battle") -> tuple[int, str]:
        """The number to meet now: the higher of the passive (or active) defence and
        every spot defence rolled, plus cover; and how it was made."""
        spec = self.profile.spec
        base_tn, parts, cover = target_number(battle, spec.attacker, spec.target, spec.stance)
        best, source = base_tn, " ".join(f"{label} {v:+d}" if i else f"{label} {v}"
                                         for i, (label, v) in enumerate(parts))
        for label, total in self.spots:
            if total > best:
                best, source = total, f"{label} {total}"
        if cover:
            source += f" + {cover} cover"
        return best + cover, source


@dataclass(frozen=True)
class Outcome:
    hit: bool
    critical: bool
    self_hit: bool
    total: int
    needed: int


# --- defences as reactions -----------------------------------------------------------
def can_react(battle: "Battle", unit: int) -> bool:
    return battle.active(unit) and not helpless(battle, unit)


def react(battle: "Battle", inc: Incoming, phase: str) -> Flow:
    """Offer the target its defences, again after each one, until it passes.

    Spot defences may be declared before or after the attack roll; [PROP] active
    ones only before it (the text grants "before or after" to spot defences alone).
    """
    spec = inc.profile.spec
    target = spec.target
    if target == spec.attacker or not can_react(battle, target):
        return
    shown = False
    while True:
        if phase == "after":
            needed, _ = inc.number(battle)
            if inc.total < needed:
                return  # it misses already
        pool = defence_pool(battle, target)
        if pool.primary + pool.offhand == 0 and pool.move < 4:
            return  # nothing left to defend with
        opts = defence_options(battle, target, pool, spot=True, active=(phase == "before"))
        if not opts:
            return
        needed, source = inc.number(battle)
        if phase == "after" and not shown:
            shown = True
            battle.emit(AttackRollShown(spec.attacker, target, battle.name(spec.attacker),
                                        battle.name(target), inc.roll_text, needed))
        who, what = battle.name(spec.attacker), inc.profile.what
        if phase == "before":
            prompt = (f"{who} attacks {battle.name(target)} with {what}: defend before the roll? "
                      f"(needs {needed}: {source})")
        else:
            prompt = (f"{who} rolled {inc.total} with {what} against {needed} ({source}): "
                      f"it hits {battle.name(target)}. Defend now?")
        cover = target_number(battle, spec.attacker, target, spec.stance)[2]
        context = {"trigger": "attack", "phase": phase, "attacker": spec.attacker,
                   "target": target}
        context.update(reaction_chances(battle, inc, opts, (needed, cover, helpless(battle, target))))
        context.update({"stance": spec.stance, "mode": spec.mode,
                        "roll": inc.total, "roll_text": inc.roll_text, "needed": needed,
                        "needed_from": source, "cover": cover})
        choice = yield Decision(target, battle.team(target), REACTION, tuple(opts) + (PASS,),
                                prompt, context)
        if choice.option == "pass":
            return
        defend(battle, target, choice, inc)


# --- exact chances for the reaction's context --------------------------------------------
def first_params(option: Option) -> dict:
    """The parameters a choice of `option` carries unless another is picked (the first
    value of each, as the window fills them)."""
    return {name: values[0] for name, values in option.params.items() if values}


def needed_with(battle: "Battle", inc: Incoming, spec, total: int) -> int:
    """The number the attack must meet if the defence `spec` is rolled as `total`: a spot
    defence joins the attack's spot defences; an active one raises the passive defence
    as `raise_active` would (only the stance's own defence matters to this attack)."""
    if spec.spot:
        return Incoming(inc.profile, inc.spots + [(spec.title, total)], inc.total).number(battle)[0]
    active = battle.get(spec.unit, ActiveDefences)
    saved = getattr(active, spec.defence)
    if total > max(base_passive(battle, spec.unit, spec.defence), saved or 0):
        setattr(active, spec.defence, total)
    try:
        return inc.number(battle)[0]
    finally:
        setattr(active, spec.defence, saved)


def standing(battle: "Battle", inc: Incoming) -> tuple[int, int, bool]:
    """(the number the attack must meet now, the target's cover bonus, whether the
    target is helpless): what `needed_rule` reads for every defence of one prompt."""
    spec = inc.profile.spec
    return (inc.number(battle)[0], target_number(battle, spec.attacker, spec.target, spec.stance)[2],
            helpless(battle, spec.target))


def needed_rule(battle: "Battle", inc: Incoming, spec, known: tuple[int, int, bool] | None = None):
    """`needed_with` as a function of the defence's total, read once: the number is
    max(passive-or-active, spot defences) + cover, so a spot defence's total joins the
    spots and an active one of the attack's own defence raises the passive part
    (fallen still applies); any other active defence leaves the number as it is.
    `known`: `standing(battle, inc)` when the caller has read it."""
    target, stance = inc.profile.spec.target, inc.profile.spec.stance
    now, cover, is_helpless = standing(battle, inc) if known is None else known
    if is_helpless or (not spec.spot and DEFENCE_OF_STANCE[stance] != spec.defence):
        return lambda total: np.maximum(total, now) * 0 + now
    if spec.spot:
        held = now - cover
        return lambda total: np.maximum(held, total) + cover
    floor = max(base_passive(battle, target, spec.defence),
                getattr(battle.get(target, ActiveDefences), spec.defence) or 0)
    fallen = FALLEN_PENALTY if is_fallen(battle, target) else 0
    spots = max((t for _, t in inc.spots), default=-10 ** 9)
    return lambda total: np.maximum(np.maximum(total, floor) + fallen, spots) + cover


def reaction_chances(battle: "Battle", inc: Incoming, opts: list[Option],
                     known: tuple[int, int, bool] | None = None) -> dict:
    """Exact chances for a defence prompt, in the shape actionblock's Dodge uses:
    `hit_passive` (the attack hits with no further defence) and `hit_<option>` with each
    offered defence (its first parameters), plus `expected_damage_passive` /
    `expected_damage_<option>` (hit points after this round's soak) for damaging attacks.

    Before the roll these come from the attack roll's exact distribution; after it the
    roll is known, so `hit_<option>` is 1 − the chance the defence roll beats it. Every
    distribution is `dice.distribution` of the same RollSpecs `roll` rolls. `known`:
    `standing(battle, inc)` when the caller has read it (the prompt has).
    """
    profile = inc.profile
    if inc.total is None:
        values, probs = md.arrays(profile.roll)
    else:
        values, probs = np.array([inc.total]), np.array([1.0])
    damaging = profile.damage is not None
    if damaging:
        e_plain = expected_after_soak(battle, profile, False)
        e_crit = expected_after_soak(battle, profile, True) if profile.spec.stance == "strong" else e_plain

    surv = np.append(np.cumsum(probs[::-1])[::-1], 0.0)  # P(roll >= values[i])

    def at(needed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hit chance, expected damage) against each number in `needed`."""
        p_hit = surv[np.searchsorted(values, needed, side="left")]
        p_crit = (surv[np.searchsorted(values, 2 * needed, side="left")]
                  if profile.crit_possible else 0.0 * p_hit)
        dmg = (p_hit - p_crit) * e_plain + p_crit * e_crit if damaging else 0.0 * p_hit
        return p_hit, dmg

    known = standing(battle, inc) if known is None else known
    base_hit, base_dmg = (float(x[0]) for x in at(np.array([known[0]])))
    hits, dmgs = {"hit_passive": base_hit}, {"expected_damage_passive": base_dmg}
    stance = profile.spec.stance
    for opt in opts:
        spec = spec_from(battle, inc.profile.spec.target, opt.key, first_params(opt))
        totals, p = md.arrays(roll_spec(battle, spec, stance if spec.spot else None))
        h, d = at(needed_rule(battle, inc, spec, known)(totals))
        mass = p.sum()  # 1 less the explosions' cut tail (< 1e-9 per die)
        hits[f"hit_{opt.key}"] = float((p * h).sum() / mass)
        dmgs[f"expected_damage_{opt.key}"] = float((p * d).sum() / mass)
    return {**hits, **dmgs} if damaging else hits


def defend(battle: "Battle", unit: int, choice: Choice, inc: Incoming | None) -> int:
    """Pay for and roll one defence; a spot defence joins `inc`, an active one raises
    the passive defence. Returns the roll's total."""
    spec = spec_from(battle, unit, choice.option, dict(choice.params))
    pay(battle, unit, cost_of(spec), defence=inc is not None)
    against = inc.profile.spec.stance if inc is not None else None
    rolled = md.roll(battle.dice, roll_spec(battle, spec, against if spec.spot else None))
    effect = ""
    if spec.spot:
        inc.spots.append((spec.title, rolled.total))
        if spec.defence == "dodge":
            battle.get(unit, Actions).spot_dodged = True
        effect = "Against this attack only."
    else:
        effect = raise_active(battle, unit, spec.defence, rolled.total)
    battle.emit(DefenceRolled(unit, battle.name(unit), spec.title, str(rolled), rolled.total, effect))
    return rolled.total


# --- the attack --------------------------------------------------------------------------
def resolve(battle: "Battle", spec: AttackSpec, fixed: md.Rolled | None = None
            ) -> Generator[Decision, Choice, Outcome]:
    """Declare, let the target defend, roll, let it defend again, and judge the roll.

    `fixed`: a roll already made that stands for the attack roll (an escape turned
    into a grapple); the target can then only defend after seeing it.
    """
    profile = attack_profile(battle, spec)
    hands = ("both hands" if len(spec.hands) == 2 else
             f"{spec.hands[0].replace('primary', 'primary hand')} action" if spec.hands
             else "all remaining movement" if spec.mode == KICK
             else "free (the escape roll)" if fixed is not None else "no hand action")
    battle.emit(AttackDeclared(spec.attacker, spec.target, battle.name(spec.attacker),
                               battle.name(spec.target), profile.what, hands))
    inc = Incoming(profile)
    if fixed is None:
        yield from react(battle, inc, "before")
    rolled = fixed if fixed is not None else md.roll(battle.dice, profile.roll)
    inc.total, inc.roll_text = rolled.total, str(rolled)
    needed, _ = inc.number(battle)
    if rolled.total >= needed:
        yield from react(battle, inc, "after")
    needed, source = inc.number(battle)
    hit = rolled.total >= needed
    critical = hit and profile.crit_possible and rolled.total >= 2 * needed
    # [PROP] only a blow that deals damage can land on oneself (not a grapple or a pull).
    self_hit = (not hit and profile.self_hit_possible and profile.damage is not None
                and rolled.total <= needed - SELF_HIT_MARGIN)
    note = ""
    if self_hit:
        note = f"missed its grappler by {needed - rolled.total}: it hits itself"
    elif (hit and rolled.total >= 2 * needed and not profile.crit_possible
          and spec.mode != GRAPPLE):
        note = "double the number, but no active facet names the skill: no critical"
    battle.emit(AttackRolled(spec.attacker, spec.target, battle.name(spec.attacker),
                             battle.name(spec.target), profile.what, inc.roll_text, rolled.total,
                             needed, source, hit, critical, note))
    return Outcome(hit, critical, self_hit, rolled.total, needed)


def strike(battle: "Battle", spec: AttackSpec) -> Flow:
    """A weapon attack or a kick, start to finish."""
    outcome = yield from resolve(battle, spec)
    weapons = battle.ruleset.data.weapons
    weapon = weapons[spec.weapon] if spec.mode == WEAPON else None
    if outcome.self_hit:
        # No stance specials on a hit a grappled character lands on itself.
        hit_with(battle, spec.attacker, damage_spec(battle, spec.attacker, weapon), False)
        return
    if not outcome.hit:
        return
    doubled = outcome.critical and spec.stance == "strong"
    hit_with(battle, spec.target, damage_spec(battle, spec.attacker, weapon), doubled)
    if outcome.critical and spec.stance == "fast":
        yield from fast_critical(battle, spec)
    if outcome.critical and spec.stance == "precise" and battle.active(spec.target):
        yield from precise_critical(battle, spec)


# --- critical effects ---------------------------------------------------------------------
def fast_critical(battle: "Battle", spec: AttackSpec) -> Flow:
    """Once per turn, refund one of the hand actions the attack used (attacker's choice)."""
    a = battle.get(spec.attacker, Actions)
    hands = [h for h in dict.fromkeys(spec.hands) if owned(battle, spec.attacker, h) < base(battle, spec.attacker).get(h)]
    if not a.in_turn or a.fast_refund_used or not hands:
        why = "no hand action to refund" if not hands else (
            "already refunded one this turn" if a.fast_refund_used else "not on its turn")
        battle.emit(ActionsChanged(spec.attacker, battle.name(spec.attacker),
                                   f"scores a fast critical but gets no refund ({why})."))
        return
    kind = hands[0]
    if len(hands) > 1:
        opts = tuple(Option(f"refund_{h}", f"Refund the {h} hand action", "", hotkey=h[0],
                            description="Fast critical: take this hand action back.") for h in hands)
        choice = yield Decision(spec.attacker, battle.team(spec.attacker), PICK, opts,
                                "Fast critical: which hand action comes back?",
                                {"trigger": "fast_critical"})
        kind = choice.option.removeprefix("refund_")
    a.fast_refund_used = True
    a.turn.add(kind, 1)
    battle.emit(ActionsChanged(spec.attacker, battle.name(spec.attacker),
                               f"gets its {kind} hand action back (fast critical)."))


def precise_options(battle: "Battle", attacker: int, target: int) -> list[Option]:
    """What a precise critical may take: an action from the target's next turn, or
    instead make it fall or drop what a hand holds."""
    out = [Option("lose_primary", "Take its primary hand action", hotkey="p",
                  description="It loses its primary hand action the next time it is granted."),
           Option("lose_offhand", "Take its offhand action", hotkey="o",
                  description="It loses its offhand action the next time it is granted."),
           Option("lose_speak", "Take its speak action", hotkey="s",
                  description="It loses its speak action the next time it is granted."),
           Option("lose_moves", "Take its movement", hotkey="m",
                  description="It loses all its movement the next time it is granted.")]
    if not is_fallen(battle, target):
        out.append(Option("fall", "Make it fall", hotkey="f",
                          description="It falls: −2 to passive defences and hand-action rolls, "
                                      "20 ft of movement to stand."))
    for item, kind in droppable(battle, target):
        name = battle.ruleset.data.item(item).name
        out.append(Option(f"drop_{kind}", f"Make it drop its {name}", hotkey="d" if kind == "weapon" else "h",
                          description="It must spend a hand action to pick it up."))
    return out


def droppable(battle: "Battle", target: int) -> list[tuple[str, str]]:
    """Held items a precise critical can knock loose: not worn fist weapons, not
    strapped shields, and a two-handed weapon only once every hand holding it has
    been disabled by precise criticals this round."""
    lo = battle.get(target, Loadout)
    data = battle.ruleset.data
    out: list[tuple[str, str]] = []
    for slot in dict.fromkeys(s for s in (lo.main, lo.off) if s):
        if slot in data.weapons:
            w = data.weapons[slot]
            if w.fist:
                continue
            if w.hands == 2 and battle.get(target, PreciseHits).hands < 1:
                continue
            out.append((slot, "weapon"))
        elif slot in data.shields and not data.shields[slot].strapped:
            out.append((slot, "shield"))
    seen: set[str] = set()
    unique = []
    for item, kind in out:
        if kind not in seen:
            seen.add(kind)
            unique.append((item, kind))
    return unique


def precise_critical(battle: "Battle", spec: AttackSpec) -> Flow:
    attacker, target = spec.attacker, spec.target
    opts = precise_options(battle, attacker, target)
    choice = yield Decision(attacker, battle.team(attacker), PICK, tuple(opts),
                            f"Precise critical on {battle.name(target)}: what does it lose?",
                            {"trigger": "precise_critical", "target": target})
    apply_precise(battle, target, choice.option)


def apply_precise(battle: "Battle", target: int, effect: str) -> None:
    name = battle.name(target)
    kind = effect.removeprefix("lose_")
    if effect.startswith("lose_"):
        lost = {"primary": PRIMARY, "offhand": OFFHAND, "speak": SPEAK, "moves": MOVE}[kind]
        battle.get(target, Actions).lost.append(lost)
        if lost in HANDS:
            battle.get(target, PreciseHits).hands += 1
        what = {"primary": "primary hand action", "offhand": "offhand action",
                "speak": "speak action", "moves": "movement"}[kind]
        battle.emit(ActionsChanged(target, name, f"will lose its {what} the next time it is "
                                                 "granted (precise critical)."))
    elif effect == "fall":
        battle.get(target, Posture).value = FALLEN
        battle.emit(ConditionChanged(target, name, "fallen", True, "precise critical"))
    else:
        battle.get(target, PreciseHits).hands += 1
        drop_item(battle, target, effect.removeprefix("drop_"))


def drop_item(battle: "Battle", unit: int, kind: str) -> None:
    """The unit drops its held weapon or shield where it stands."""
    items = dict((k, i) for i, k in droppable(battle, unit))
    item = items[kind]
    lo = battle.get(unit, Loadout)
    weapon = battle.ruleset.data.weapons.get(item)
    if weapon is not None and weapon.hands == 2:
        lo.main = lo.off = None
    elif lo.main == item:
        lo.main = None  # one of a pair of like weapons: the primary hand's goes
    else:
        lo.off = None
    x, y = battle.tile(unit)
    battle.create(Position(x, y), DroppedItem(item, kind))
    battle.emit(ActionsChanged(unit, battle.name(unit),
                               f"drops its {battle.ruleset.data.item(item).name} at {(x, y)}."))
