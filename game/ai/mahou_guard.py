"""Defences: when the Mahou AI spends a hand (or its moves) to stop blows.

* Active defences (on its turn or as a reaction): the damage they are expected to
  prevent, exactly, from the foes that can strike before the defence lapses, each
  foe free to switch to its best stance; a roll that cannot beat the defence already
  held prevents nothing, so a lower one is never raised.
* Spot defences: seeing the roll, the chance the defence beats it times the damage
  of this hit, against what the action is still worth.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai.mahou_odds import (FAR_SHARE, NEAR_SHARE, Threat, _unit_state, at_least, survival,
                                threat_profiles)
from game.ai.mahou_place import fire_clear
from game.ai.mahou_read import cheb, pass_on
from game.engine.decisions import Choice, Decision, Option
from game.engine.events import RoundStarted
from game.kept import pure
from game.rulesets.mahou.combat import first_params
from game.rulesets.mahou.components import ActiveDefences
from game.rulesets.mahou.defences import roll_spec, spec_from
from game.rulesets.mahou.events import TurnBegan
from game.rulesets.mahou.stats import DEFENCE_OF_STANCE, base_passive, held_weapons, is_fallen, stat

HAND_LATER = 1.2  # what a hand action still to be used on its own turn is worth (hit points)
HAND_SPARE = 0.2  # ... once its full turn is over (only later defences remain for it)
BEAT_AT_LEAST = 0.5  # an active defence is raised only if its roll more likely than not beats the held one
KEEP_FOR_SPOT = 0.4  # a hand kept back is worth a spot defence after seeing a roll later
UNKNOWN_STAKE = 3.0  # a grapple or a pull: worth stopping, but no damage to count
LAPSES_FIRST = 0.5  # a foe that acts again only after the defence lapses counts this much
ACTIVE_KEYS = ("active_block", "active_parry", "active_dodge")


def active_turn(ai: Any, battle: Any, decision: Decision, opt: Option) -> tuple[float, Choice | None]:
    """Raised on its own turn it lasts until its next full turn: the damage it is
    expected to prevent from every foe that can strike before then."""
    unit = decision.actor
    foes = threats(battle, unit)
    if not foes:
        return (0.0, None)
    params = _best_way(battle, unit, opt)
    if _beats_held(battle, unit, opt.key, params) < BEAT_AT_LEAST:
        return (0.0, None)  # more likely than not to change nothing
    saved = prevented(battle, unit, opt.key, params, foes) - KEEP_FOR_SPOT
    return (saved, opt.choice(None, **params)) if saved > 0 else (0.0, None)


def defend(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Before the roll: an active defence when it prevents more (this attack and the
    foes to come before it lapses) than waiting; after it: a spot defence when its
    chance of turning this hit into a miss is worth the action."""
    ctx = decision.context
    unit = decision.actor
    done = _full_turn_done(battle, unit)
    out: list[tuple[float, Choice]] = [(0.0, pass_on(decision))]
    if ctx.get("phase") != "after":
        foes = threats(battle, unit, until_turn=not done, exclude=ctx["attacker"])
        for opt in decision.options:
            if not opt.key.startswith("active_"):
                continue
            for params in _param_sets(opt):
                if _beats_held(battle, unit, opt.key, params) < BEAT_AT_LEAST:
                    continue
                now = _prevented_now(decision, opt, params)
                later = prevented(battle, unit, opt.key, params, foes)
                cost = _hand_cost(opt.key, params, done)
                out.append((now + later - cost, opt.choice(None, **params)))
        return out
    total, cover = ctx["roll"], ctx["cover"]
    stake = ctx.get("expected_damage_passive")
    if stake is None:
        stake = UNKNOWN_STAKE
    for opt in decision.options:
        if not opt.key.startswith("spot_"):
            continue
        for params in _param_sets(opt):
            p = at_least(_defence_roll(battle, unit, opt.key, params, ctx["stance"]), total + 1 - cover)
            cost = _hand_cost(opt.key, params, done)
            out.append((p * stake - cost, opt.choice(None, **params)))
    return out


# --- who can strike before a defence lapses ------------------------------------------------
def threats(battle: Any, unit: int, until_turn: bool = False,
            exclude: int | None = None) -> list[tuple[int, float]]:
    """Foes that can strike `unit` before a defence raised now lapses, each with the
    chance it does (a foe spreads its blows over the targets it can reach). A foe that
    has had its full turn this round and will act again only next round counts half
    when the defence lapses at the unit's own turn."""
    return battle.memo(("mahou-ai-near-foes", unit, until_turn, exclude),
                       lambda: _find_threats(battle, unit, until_turn, exclude))


def _find_threats(battle: Any, unit: int, until_turn: bool, exclude: int | None) -> list[tuple[int, float]]:
    team = battle.team(unit)
    here = battle.tile(unit)
    out = []
    for foe in battle.units(active_only=True):
        if battle.team(foe) == team or foe == exclude:
            continue
        there = battle.tile(foe)
        ranged = any(w.ranged for w in held_weapons(battle, foe))
        if ranged:
            near = fire_clear(battle.map, there, here)
        else:
            near = cheb(there, here) <= 1 + stat(battle, foe, "agility")
        if not near:
            continue
        share = NEAR_SHARE if cheb(there, here) <= 1 or ranged else FAR_SHARE
        if until_turn:
            share *= LAPSES_FIRST
        out.append((foe, share))
    return out


def prevented(battle: Any, unit: int, key: str, params: dict, foes: list) -> float:
    """Exact damage an active defence is expected to prevent from `foes` (`threats`):
    each foe picks its best stance before and after; the roll replaces the defence only
    when it beats what is held (so a lower roll prevents nothing)."""
    if not foes:
        return 0.0
    defence = key.split("_")[1]
    held = _held_defence(battle, unit, defence)
    above = _above_held(_defence_roll(battle, unit, key, params), held)
    if above is None:
        return 0.0
    totals, probs = above
    fallen = -2 if is_fallen(battle, unit) else 0
    total = 0.0
    for foe, share in foes:
        raised, best_now, best_other = _raised(threat_profiles(battle, foe, unit), defence)
        if not raised:
            continue
        best_after = np.full(len(totals), best_other)
        for a in raised:
            best_after = np.maximum(best_after, a.curve(totals + fallen + a.profile.cover))
        total += share * float((probs * (best_now - best_after)).sum())
    return total


@pure("mahou-ai-above-held")
def _above_held(spec, held: int):
    """(the totals of the roll `spec` above `held`, their chances), leaving out chances
    below 1e-7, or None if it cannot beat `held` (kept by value: specs are values)."""
    low, surv = survival(spec)
    pmf = surv[:-1] - surv[1:]
    totals = np.arange(low, low + len(pmf))
    keep = (totals > held) & (pmf > 1e-7)
    if not keep.any():
        return None
    totals, probs = totals[keep], pmf[keep]
    totals.flags.writeable = False
    probs.flags.writeable = False
    return totals, probs


def _raised(attacks: tuple[Threat, ...], defence: str) -> tuple[list, float, float]:
    """(the foe's attacks that `defence` meets, not on a helpless target; its best
    expected damage now; its best with the other stances)."""
    raised = [a for a in attacks if DEFENCE_OF_STANCE[a.profile.spec.stance] == defence and not a.helpless]
    return (raised, max((a.now for a in attacks), default=0.0),
            max((a.now for a in attacks if a not in raised), default=0.0))


def _prevented_now(decision: Decision, opt: Option, params: dict) -> float:
    """This attack's expected damage prevented by the defence (exact, from the
    prompt's own odds when the parameters are the first ones)."""
    ctx = decision.context
    before = ctx.get("expected_damage_passive")
    if before is None:
        return 0.0
    if params == first_params(opt):
        return before - ctx.get(f"expected_damage_{opt.key}", before)
    return 0.0


# --- the defence's own roll --------------------------------------------------------------
def _param_sets(opt: Option) -> list[dict]:
    """Each way to make a defence, with the first hand the option offers (the primary
    while it is unspent)."""
    if opt.key == "spot_dodge":
        return [{"rolls": r} for r in opt.params["rolls"]]
    if opt.key == "active_dodge":
        return [{"skill": k} for k in opt.params["skill"]]
    return [{"with": w, "hand": opt.params["hand"][0]} for w in opt.params["with"]]


def _best_way(battle: Any, unit: int, opt: Option) -> dict:
    """The way to make an active defence whose roll rises highest above what is held."""
    held = _held_defence(battle, unit, opt.key.split("_")[1])

    def rise(params: dict) -> tuple[float, str]:
        return _rise(_defence_roll(battle, unit, opt.key, params), held), _way_text(tuple(params.items()))
    return max(_param_sets(opt), key=rise)


@pure("mahou-ai-rises")
def _rise(spec, held: int) -> float:
    """The chance the roll `spec` comes out above `held` (kept by value)."""
    low, surv = survival(spec)
    return float(surv[max(0, held + 1 - low):].sum())


@pure("mahou-ai-ways")
def _way_text(items: tuple) -> str:
    """A way's parameters as text, sorted: the tie-break between equal rises."""
    return str(sorted(items))


def _beats_held(battle: Any, unit: int, key: str, params: dict) -> float:
    """The chance the active defence's roll beats the defence already held."""
    return at_least(_defence_roll(battle, unit, key, params), _held_defence(battle, unit, key.split("_")[1]) + 1)


def _held_defence(battle: Any, unit: int, defence: str) -> int:
    """The defence the unit holds now: its passive one, or a higher active roll."""
    return max(base_passive(battle, unit, defence), getattr(battle.get(unit, ActiveDefences), defence) or 0)


def _defence_roll(battle: Any, unit: int, key: str, params: dict, against: str | None = None):
    """The roll of the defence `key` made with `params` (the rules' own RollSpec), kept
    by every input (the unit's template, and its state as `_unit_state` reads it:
    posture, wounds and the distraction whose penalty counts), so that the decisions
    of a turn, which weigh each way several times, build it once."""
    return battle.kept.get("mahou-ai-defence-rolls", (unit, key, tuple(params.items()), against,
                                                      _unit_state(battle, unit)),
                           lambda: roll_spec(battle, spec_from(battle, unit, key, params), against))


def _full_turn_done(battle: Any, unit: int) -> bool:
    for event in reversed(battle.log):
        if isinstance(event, RoundStarted):
            return False
        if isinstance(event, TurnBegan) and event.unit == unit and event.kind == "full":
            return True
    return False


def _hand_cost(key: str, params: dict, done: bool) -> float:
    """What spending this defence's actions gives up."""
    if key == "spot_dodge":
        return (0.1 if done else 0.5) * params["rolls"]
    if key == "active_dodge":
        return 0.3 if done else 1.0
    hands = 2 if params.get("hand") == "both" else 1
    return hands * (HAND_SPARE if done else HAND_LATER)
