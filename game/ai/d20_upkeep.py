"""The d20 AI's upkeep: getting free, holding a captive, reloading, swapping, picking up.

Candidate actions `(ai, battle, decision) -> [(score, Choice)]` (game.ai.base), on the
scale of the attacks' hit points: fixed worths for the steps that come before any
fight (standing up, breaking free), the magazine's state for a reload.
"""

from __future__ import annotations

from typing import Any

from game.ai.d20_attacks import options_of, plain_choice
from game.ai.d20_values import END_SCORE
from game.engine import grapple
from game.engine.decisions import Choice, Decision
from game.rulesets.d20.components import Loadout
from game.rulesets.d20.stats import held_weapon

GET_FREE = 5.0  # breaking free, standing up, shaking off a hold: before anything else
MANACLE = 20.0  # a held enemy manacled is out of the fight
PICK_UP = 2.5  # a dropped weapon back in hand
RELOAD_EMPTY = 3.0  # an empty weapon fires nothing
RELOAD_SHORT = 1.0  # an automatic without the 15 rounds suppressing fire needs
TOP_UP = 0.8  # a magazine topped up, in proportion to the rounds spent
LEAVE_ALLIES = 3.0  # stepping out of a Grapple that holds only allies
LEAVE_TO_SHOOT = 1.2  # a gunner stepping out of a Grapple to shoot
SWAP = 2.0  # a weapon that can fight for one that cannot


def getting_free(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    opts = options_of(decision)
    return [(GET_FREE, opts[key].choice()) for key in ("break_free", "stand", "shake_off") if key in opts]


def holding(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """A restrainer manacles its captive (or lets go: worth nothing)."""
    out = []
    manacle = decision.option("manacle")
    if manacle is not None:
        out += [(MANACLE, manacle.choice(t)) for t in manacle.targets]
    release = decision.option("release")
    if release is not None:
        out.append((0.0, release.choice()))
    return out


def upkeep(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Reloading, stepping out of a Grapple, picking a weapon up, swapping weapons."""
    opts = options_of(decision)
    unit = decision.actor
    side = battle.team(unit)
    out: list[tuple[float, Choice]] = []
    if "reload" in opts:
        out.append((reload_value(battle, unit), plain_choice("reload")))
    if "exit_grapple" in opts:
        out += _exit(battle, side, unit, opts["exit_grapple"])
    if "pick_up" in opts:
        opt = opts["pick_up"]
        out.append((PICK_UP, opt.choice(None, item=opt.params["item"][0])))
    if "swap" in opts:
        out += _swap(battle, unit, opts["swap"])
    return out


def ending(ai: Any, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
    """Ending the turn: anything worth less is not done."""
    return [(END_SCORE, plain_choice("end_turn"))] if decision.option("end_turn") is not None else []


def reload_value(battle: Any, unit: int) -> float:
    weapon = held_weapon(battle, unit)
    loaded = battle.get(unit, Loadout).loaded.get(weapon.id, 0)
    if loaded == 0:
        return RELOAD_EMPTY
    if weapon.fire_mode == "auto" and loaded < 15:
        return RELOAD_SHORT
    return top_up_value(loaded, weapon.magazine)


def top_up_value(loaded: int, magazine: int) -> float:
    """A reload of a magazine that still holds `loaded` rounds."""
    return TOP_UP * (1 - loaded / magazine)


def _exit(battle: Any, side: int, unit: int, opt) -> list[tuple[float, Choice]]:
    """A gunner caught in a Grapple steps out to shoot; a brawler stays."""
    weapon = held_weapon(battle, unit)
    mates = grapple.group(battle, unit) - {unit}
    if all(battle.team(m) == side for m in mates):
        return [(LEAVE_ALLIES, opt.choice(opt.targets[0]))]  # nothing to fight here
    if weapon is not None and weapon.ranged:
        return [(LEAVE_TO_SHOOT, opt.choice(opt.targets[0]))]
    return []


def _swap(battle: Any, unit: int, opt) -> list[tuple[float, Choice]]:
    held = held_weapon(battle, unit)
    loadout = battle.get(unit, Loadout)
    weapons = battle.ruleset.data.weapons
    if held is None:
        return [(SWAP, opt.choice(None, weapon=opt.params["weapon"][0]))]
    if held.ranged and loadout.loaded.get(held.id, 0) == 0 and loadout.spare_magazines == 0:
        for w in opt.params["weapon"]:
            if not weapons[w].ranged or loadout.loaded.get(w, 0) > 0:
                return [(SWAP, opt.choice(None, weapon=w))]
    return []
