"""Active and spot defences: what each may be made with, what it costs, its roll.

Rule text (Spot Block, Spot Parry, Spot Dodge, Active Block, Active Parry, Active
Dodge):

* Spot Block: a hand action, the hand empty or holding a shield or a fist weapon;
  Gym or Martial Arts / Defense bare-handed, the shield's skill / Defense with a
  shield; +5 against a Precise attack.
* Spot Parry: a hand action with a weapon or shield allowing the Precise stance;
  the item's skill / Accuracy; +5 against a Fast attack.
* Spot Dodge: 4 move actions per non-skilled Agility roll, the highest kept; +5
  against a Strong attack.
* Active Block / Parry / Dodge: the same rolls (Active Dodge: Gym or Martial Arts /
  Agility for all of one's Agility in moves); the result may replace the passive
  defence until the start of the unit's next full turn.
* A cover bonus applies to all passive, active and spot defences (added when an
  attack's number is worked out, since it depends on where the attack comes from).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.decisions import Option
from game.rulesets.mahou import dice as md
from game.rulesets.mahou.components import (MOVE, OFFHAND, PRIMARY, Actions, ActiveDefences,
                                            Loadout)
from game.rulesets.mahou.economy import hand_choices, offhand_penalty
from game.rulesets.mahou.stats import (base_passive, die_of, free_hands, is_fallen, parry_items, rank,
                                       roll_conditions, shield, stat)
from game.rulesets.mahou.talk import skill_penalty

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.rulesets.mahou.components import Pool

MATCH_BONUS = 5
#: The stance each spot defence is strongest against (+5).
SPOT_MATCH = {"block": "precise", "parry": "fast", "dodge": "strong"}
DODGE_MOVES = 4  # move actions per Spot Dodge roll
BOTH = "both"
FIST_SKILLS = ("gym", "martial_arts")

SPOT_KEYS = ("spot_block", "spot_parry", "spot_dodge")
ACTIVE_KEYS = ("active_block", "active_parry", "active_dodge")


@dataclass(frozen=True)
class DefenceSpec:
    """One defence roll as declared: which, with what and which skill, which hands."""

    unit: int
    defence: str  # "block", "parry", "dodge"
    spot: bool
    item: str  # "fists" for a bare-handed block; a weapon or shield id; "" for a dodge
    skill: str  # "" for a spot dodge (non-skilled)
    hands: tuple[str, ...] = ()
    moves: int = 0

    @property
    def title(self) -> str:
        return f"{'Spot' if self.spot else 'Active'} {self.defence.capitalize()}"


def _by_hands(battle: "Battle", unit: int, what: str, compute) -> tuple[str, ...]:
    """`compute()`, kept by what the hands hold (all that the ways depend on) with the
    item tables, which never change in play."""
    lo = battle.get(unit, Loadout)
    return battle.ruleset.data.kept.get("mahou-defence-ways", (what, lo.main, lo.off), compute)


def block_ways(battle: "Battle", unit: int) -> tuple[str, ...]:
    """"skill:item" ways to block: bare-handed (a free or fist-weapon hand), or a shield."""
    return _by_hands(battle, unit, "block", lambda: _block_ways(battle, unit))


def _block_ways(battle: "Battle", unit: int) -> tuple[str, ...]:
    ways = []
    if free_hands(battle, unit):
        ways += [f"{s}:fists" for s in FIST_SKILLS]
    s = shield(battle, unit)
    if s is not None:
        ways += [f"{k}:{s.id}" for k in s.skills]
    return tuple(ways)


def parry_ways(battle: "Battle", unit: int) -> tuple[str, ...]:
    return _by_hands(battle, unit, "parry", lambda: tuple(
        f"{k}:{i.id}" for i in parry_items(battle, unit) for k in i.skills))


def needs_both_hands(battle: "Battle", item: str) -> bool:
    weapon = battle.ruleset.data.weapons.get(item)
    return weapon is not None and weapon.hands == 2


def hand_values(battle: "Battle", pool: "Pool", ways: tuple[str, ...]) -> tuple[str, ...]:
    """Hands a block or parry may spend: one hand action, or both for a two-handed weapon."""
    # the weapon table never changes in play: kept by the ways alone
    two_handed = battle.ruleset.data.kept.get("mahou-two-handed", ways, lambda: any(
        needs_both_hands(battle, w.split(":")[1]) for w in ways))
    if two_handed:
        return (BOTH,) if pool.primary and pool.offhand else ()
    return hand_choices(pool)


def spec_from(battle: "Battle", unit: int, key: str, params: dict) -> DefenceSpec:
    spot = key.startswith("spot")
    defence = key.split("_")[1]
    if defence == "dodge":
        if spot:
            return DefenceSpec(unit, "dodge", True, "", "", moves=DODGE_MOVES * params["rolls"])
        return DefenceSpec(unit, "dodge", False, "", params["skill"],
                           moves=stat(battle, unit, "agility"))
    skill, item = params["with"].split(":")
    hand = params["hand"]
    hands = (PRIMARY, OFFHAND) if hand == BOTH else (hand,)
    return DefenceSpec(unit, defence, spot, item, skill, hands)


def cost_of(spec: DefenceSpec) -> dict[str, int]:
    if spec.defence == "dodge":
        return {MOVE: spec.moves}
    cost: dict[str, int] = {}
    for h in spec.hands:
        cost[h] = cost.get(h, 0) + 1
    return cost


def roll_spec(battle: "Battle", spec: DefenceSpec, against: str | None) -> md.RollSpec:
    """The defence roll; `against` is the attack's stance for a spot defence's +5."""
    unit = spec.unit
    mods: list[tuple[str, int]] = []
    if spec.spot and against == SPOT_MATCH[spec.defence]:
        mods.append((f"against a {against.capitalize()} attack", MATCH_BONUS))
    mods += roll_conditions(battle, unit, uses_hands=bool(spec.hands))
    if spec.defence == "dodge" and spec.spot:
        # A non-skilled roll per 4 moves: no skill, so no distraction penalty ([PROP]).
        sets = (md.best_nonskilled(spec.moves // DODGE_MOVES, die_of(battle, unit, "agility"),
                                   "Agility"),)
        return md.RollSpec(sets, tuple(mods))
    mods += skill_penalty(battle, unit, ("defend",))
    stat_name = {"block": "defense", "parry": "accuracy", "dodge": "agility"}[spec.defence]
    dice_rank = rank(battle, unit, spec.skill) + offhand_penalty(set(spec.hands))
    label = spec.skill.replace("_", " ").title()
    return md.RollSpec((md.skill_set(dice_rank, die_of(battle, unit, stat_name), label),),
                       tuple(mods))


def raise_active(battle: "Battle", unit: int, defence: str, total: int) -> str:
    """The result becomes the new passive defence if higher ([PROP]: "you may choose")."""
    active = battle.get(unit, ActiveDefences)
    current = getattr(active, defence)
    best = max(base_passive(battle, unit, defence), current or 0)
    if total > best:
        setattr(active, defence, total)
        return f"Passive {defence.capitalize()} is now {total} until its next full turn."
    return f"kept Passive {defence.capitalize()} {best} (higher)."


def options(battle: "Battle", unit: int, pool: "Pool", spot: bool, active: bool) -> list[Option]:
    """The defence options `pool` can pay for (spot ones only as reactions)."""
    out: list[Option] = []
    fallen = is_fallen(battle, unit)
    blocks, parries = block_ways(battle, unit), parry_ways(battle, unit)
    block_hands = hand_values(battle, pool, blocks) if blocks else ()
    parry_hands = hand_values(battle, pool, parries) if parries else ()
    agility = stat(battle, unit, "agility")
    dodge_rolls = 0 if fallen else pool.move // DODGE_MOVES
    if spot and battle.get(unit, Actions).spot_dodged:
        # "may spend 4 or more of their move actions each turn to dodge a single
        # incoming attack": [PROP] one Spot Dodge per round (the text's "turn" is the
        # ten-second round here, as in "this soak roll is made once per turn").
        dodge_rolls = 0
    if spot:
        if block_hands:
            out.append(Option("spot_block", "Spot Block", "1 hand action", params={
                "with": blocks, "hand": block_hands}, hotkey="b",
                description="Roll Gym or Martial Arts (bare hand) or the shield's skill, "
                            "with Defense; +5 against a Precise attack. Against this attack only."))
        if parry_hands:
            out.append(Option("spot_parry", "Spot Parry", "1 hand action" if parry_hands != (BOTH,)
                              else "both hand actions", params={"with": parries, "hand": parry_hands},
                              hotkey="p",
                              description="Roll the weapon's or shield's skill with Accuracy; "
                                          "+5 against a Fast attack. Against this attack only."))
        if dodge_rolls:
            out.append(Option("spot_dodge", "Spot Dodge", "4 move actions per roll", params={
                "rolls": tuple(range(1, dodge_rolls + 1))}, hotkey="d",
                description="A non-skilled Agility roll per 4 moves, highest kept; +5 against "
                            "a Strong attack. Against this attack only."))
    if active:
        if block_hands:
            out.append(Option("active_block", "Active Block", "1 hand action", params={
                "with": blocks, "hand": block_hands}, hotkey="v",
                description="Raise Passive Block (against Strong attacks) to the roll until "
                            "your next full turn starts."))
        if parry_hands:
            out.append(Option("active_parry", "Active Parry", "1 hand action" if parry_hands != (BOTH,)
                              else "both hand actions", params={"with": parries, "hand": parry_hands},
                              hotkey="r",
                              description="Raise Passive Parry (against Precise attacks) to the "
                                          "roll until your next full turn starts."))
        if not fallen and agility >= 1 and pool.move >= agility:
            out.append(Option("active_dodge", "Active Dodge", f"{agility} move actions (all)",
                              params={"skill": FIST_SKILLS}, hotkey="o",
                              description="Raise Passive Dodge (against Fast attacks) to a Gym or "
                                          "Martial Arts / Agility roll until your next full turn."))
    return out
