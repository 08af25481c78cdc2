"""Resolving a turn: "All actions take place at the same time."

[PROP] The text leaves the order open; this is the one chosen (docs/rulesets/fate.md):

1. Beat 1 (everyone's first action), then beat 2 (everyone's second action).
2. In each beat, moves and posture changes first, fastest first: a slower mover finds
   the tiles taken by faster ones and stops as close as it can.
3. Then the beat's aims and attacks, fastest first, from where everyone now stands.
   Wounds are not marked yet: attack penalties use the wounds from before the turn.
4. After both beats every wound is marked, in the order the attacks were rolled. So a
   unit Incapacitated this turn still carries out everything it declared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import objectives
from game.engine.components import FALLEN, KNEELING, STANDING, OutOfFight, Position, Posture
from game.engine.events import ConditionChanged, Moved, Note, OutOfFightEvent
from game.rulesets.fate import fudge
from game.rulesets.fate.attacks import (AttackResult, Situation, attack_profile, in_reach, roll_attack,
                                        roll_locate)
from game.rulesets.fate.components import Aiming, Blind, Declared, Kit
from game.rulesets.fate.events import AimTaken, AttackLost, PostureChanged, ToughnessChecked, WoundTaken
from game.rulesets.fate.options import MOVE_TILES, one_move_reach, reach_for_move
from game.rulesets.fate.plans import POSTURES, declared, is_charge
from game.rulesets.fate.stats import posture, roll_penalties, template, track, weapon
from game.rulesets.fate.wounds import DYING_RECHECK, SCRATCH, mark
from game.world.paths import chebyshev

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]
POSTURE_TEXT = {KNEELING: "kneels", "prone": "drops prone", STANDING: "stands up"}


@dataclass(frozen=True)
class Pending:
    """A hit waiting to be marked at the end of the turn."""

    target: int
    result: AttackResult
    source: str


class TurnResolution:
    """One turn's resolution, beat by beat; keeps what happened for charges and locating."""

    def __init__(self, battle: "Battle", order: list[int]) -> None:
        self.battle = battle
        self.order = order
        self.moved: dict[tuple[int, int], tuple[Tile, Tile]] = {}  # (unit, slot) -> (from, to)
        self.located: dict[tuple[int, int], bool] = {}  # (attacker, target) -> found this turn
        self.pending: list[Pending] = []

    def run(self) -> None:
        b = self.battle
        for slot in (1, 2):
            acts = [(u, declared(b, u, slot)) for u in self.order]
            acts = [(u, d) for u, d in acts if d is not None and d.kind != "hold"]
            if not acts:
                continue
            b.emit(Note(f"— Action {slot}: moves, then attacks, fastest first —"))
            for unit, d in acts:
                if d.kind == "move":
                    self.move(unit, d)
                elif d.kind in POSTURES:
                    self.change_posture(unit, POSTURES[d.kind])
            for unit, d in acts:
                if d.kind == "aim":
                    self.aim(unit, d)
                elif d.kind == "attack":
                    self.attack(unit, d)
        if self.pending:
            b.emit(Note("— Wounds land —"))
        for p in self.pending:
            apply_result(b, p.target, p.result, p.source)

    # --- moves and postures --------------------------------------------------------
    def move(self, unit: int, d: Declared) -> None:
        b = self.battle
        start = b.tile(unit)
        if posture(b, unit) == KNEELING:
            self.change_posture(unit, STANDING)
        blockers = [b.tile(u) for u in b.units(active_only=True) if u != unit]
        taken = {b.tile(u) for u in b.units() if u != unit}
        dest = d.target
        # The open ground's reach where it gives this move's cost and path (most moves).
        r = one_move_reach(b, start, blockers) if dest in taken else reach_for_move(b, start, blockers, dest)
        if dest in taken or r.cost[dest] > MOVE_TILES:
            # [PROP] Stop as close as possible to the declared tile (then the cheapest).
            free = [t for t in r.tiles() if t not in taken] + [start]
            best = min(free, key=lambda t: (chebyshev(t, dest), int(r.cost[t]) if t != start else 0, t))
            b.emit(Note(f"{b.name(unit)}'s way to {dest} is taken; "
                        + ("it stays where it is." if best == start else f"it stops at {best}.")))
            dest = best
        if dest != start:
            pos = b.get(unit, Position)
            path = tuple(r.path_to(dest))
            pos.x, pos.y = dest
            b.emit(Moved(unit, b.name(unit), path, f"move action, {int(r.cost[dest])} of {MOVE_TILES}"))
        self.moved[(unit, d.slot)] = (start, dest)
        b.remove(unit, Aiming)  # moving spoils an aim

    def change_posture(self, unit: int, new: str) -> None:
        b = self.battle
        if posture(b, unit) == new:
            return
        b.add(unit, Posture(new))
        b.remove(unit, Aiming)
        b.emit(PostureChanged(unit, b.name(unit), new, POSTURE_TEXT[new]))

    # --- aims and attacks ----------------------------------------------------------
    def aim(self, unit: int, d: Declared) -> None:
        b = self.battle
        if track(b, d.target).out:
            b.emit(Note(f"{b.name(unit)} has no one to aim at: {b.name(d.target)} is down."))
            return
        if objectives.has_left(b, d.target):  # declared before it left by an exit (issue 28)
            b.emit(Note(f"{b.name(unit)} has no one to aim at: {b.name(d.target)} has left the battle."))
            return
        b.add(unit, Aiming(d.target, b.round, d.slot))
        b.emit(AimTaken(unit, b.name(unit), d.target, b.name(d.target)))

    def charging(self, unit: int, target: int, slot: int) -> bool:
        """A melee attack right after a move action that was a charge (plans.is_charge)."""
        leg = self.moved.get((unit, slot - 1))
        if leg is None:
            return False
        start, end = leg
        return is_charge(start, end, self.battle.tile(target))

    def aimed(self, unit: int, target: int, slot: int) -> bool:
        aim = self.battle.try_get(unit, Aiming)
        if aim is None or aim.target != target:
            return False
        return aim.round == self.battle.round - 1 or (aim.round == self.battle.round and aim.slot < slot)

    def attack(self, unit: int, d: Declared) -> None:
        b = self.battle
        w = weapon(b, d.weapon)
        target = d.target
        if track(b, target).dead:
            b.emit(AttackLost(unit, b.name(unit), b.name(target), w.name, "the target is already dead"))
            return
        if objectives.has_left(b, target):  # declared before it left by an exit: off the board (issue 28)
            b.emit(AttackLost(unit, b.name(unit), b.name(target), w.name, "the target has left the battle"))
            return
        s = Situation(unit, target, w.id, b.tile(unit), b.tile(target), posture(b, unit),
                      posture(b, target), charging=w.melee and self.charging(unit, target, d.slot),
                      aimed=w.missile and self.aimed(unit, target, d.slot))
        profile = attack_profile(b, s)
        if not in_reach(w, profile.distance):
            why = (f"{b.name(target)} is no longer next to it" if w.melee
                   else f"{b.name(target)} is beyond long range ({w.long_range} tiles)")
            b.emit(AttackLost(unit, b.name(unit), b.name(target), w.name, why))
            return
        if profile.blocked:
            b.emit(AttackLost(unit, b.name(unit), b.name(target), w.name, "a wall stands in the way"))
            return
        key = (unit, target)
        if profile.locate_why:
            # "The attacker must still locate her before attacking": once a turn per target.
            if key not in self.located:
                self.located[key] = roll_locate(b, profile)
            if not self.located[key]:
                b.emit(AttackLost(unit, b.name(unit), b.name(target), w.name,
                                  f"{b.name(target)} could not be located"))
                return
        if s.aimed:
            b.remove(unit, Aiming)  # the aim is spent on this attack
        if w.uses is not None:
            kit = b.get(unit, Kit)
            kit.uses[w.id] = kit.uses.get(w.id, 0) - 1  # thrown: spent, hit or miss
        result = roll_attack(b, profile, located=True)
        if result.hit:
            self.pending.append(Pending(target, result, f"{w.name}, {b.name(unit)}"))


# --- wounds, Dying and Dead ----------------------------------------------------------
def apply_result(battle: "Battle", unit: int, result: AttackResult, source: str) -> None:
    """Mark a hit: its wound, then any bonus-damage Scratches; or its blinding."""
    if result.blinds:
        if track(battle, unit).dead:
            return
        battle.add(unit, Blind(battle.round + 1))
        battle.emit(ConditionChanged(unit, battle.name(unit), "blind", True,
                                     f"{source}; through the next turn: −2 to attack and defend"))
        return
    if result.level is not None:
        apply_wound(battle, unit, result.level, source)
    for _ in range(result.extra_scratches):
        apply_wound(battle, unit, SCRATCH, f"bonus damage, {source}")


def apply_wound(battle: "Battle", unit: int, level: str, source: str) -> None:
    t = track(battle, unit)
    if t.dead:
        return
    marked = mark(t, level)
    battle.emit(WoundTaken(unit, battle.name(unit), level, source, marked.steps,
                           f"{t.state()} ({t.summary()})"))
    if marked.incapacitated:
        battle.add(unit, OutOfFight("Incapacitated"))
        battle.add(unit, Posture(FALLEN))
        battle.remove(unit, Aiming)
        battle.emit(OutOfFightEvent(unit, battle.name(unit), "Incapacitated: helpless, cannot move"))
    if marked.dying:
        battle.add(unit, OutOfFight("Dying"))
        battle.emit(ConditionChanged(unit, battle.name(unit), "Dying", True,
                                     "Incapacitated again: a Toughness check each turn, from Fair (0) up"))
    if marked.recheck:
        toughness_check(battle, unit, t.dying_difficulty + DYING_RECHECK,
                        f"{level} again while Dying: current difficulty {t.dying_difficulty:+d} + 5")


def toughness_check(battle: "Battle", unit: int, difficulty: int, why: str) -> bool:
    """[REC] A Dying character's Toughness check; [PROP] meeting the difficulty is enough
    (non-combat rolls succeed on a win by 0). Failing it: Dead."""
    t = track(battle, unit)
    roll = fudge.roll_4df(battle.dice)
    toughness = template(battle, unit).toughness
    mods = tuple(roll_penalties(battle, unit))
    total = roll.total + toughness + sum(v for _, v in mods)
    survived = total >= difficulty
    battle.emit(ToughnessChecked(unit, battle.name(unit), why, roll.faces, toughness, mods, total,
                                 difficulty, survived))
    if not survived:
        t.dead = True
        t.dying = False
        battle.add(unit, OutOfFight("Dead"))
        battle.emit(OutOfFightEvent(unit, battle.name(unit), "Dead"))
    return survived


def dying_checks(battle: "Battle") -> None:
    """Start of a turn: each Dying unit checks against its difficulty, which then rises by 1."""
    for unit in battle.units():
        t = track(battle, unit)
        if t.dying and not t.dead:
            turn = t.dying_difficulty + 1
            if toughness_check(battle, unit, t.dying_difficulty, f"Dying, turn {turn}"):
                t.dying_difficulty += 1
