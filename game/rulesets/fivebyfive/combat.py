"""Offensive Actions: who may be Struck, Aimed at or Focused on, every number of the
roll, and its exact outlook (hit, Double Hit, Control, Block, points, taking out).

`profile` gathers the numbers once; `outlook` (the preview and the AI) and the
resolution in actions.py both read it, so the odds and the roll never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping

from game import kept
from game.world.paths import chebyshev
from game.world.sight import LineOfFire, line_of_fire
from game.world.tactical_map import Cover
from game.rulesets.fivebyfive import fate, rolls
from game.rulesets.fivebyfive.components import AbilityScores, Hero
from game.rulesets.fivebyfive.sightlines import sight_grids
from game.rulesets.fivebyfive.data import (ABILITIES, ABILITY_FOR, ABILITY_NAMES, DEFENCE_FOR,
                                            NEVER_UNSKILLED, RANK_NAMES, UnitTemplate)

if TYPE_CHECKING:
    from game.engine.battle import Battle

Tile = tuple[int, int]

#: [PROP] Cover as rank shifts on Aim only (the text has no cover; the book's GM
#: "rank shift" is the one modifier it has). Strike is adjacent and Focus is mental.
COVER_SHIFT = {Cover.NONE: 0, Cover.CONCEALMENT: -1, Cover.LIGHT: -1, Cover.HEAVY: -2}
COVER_LABEL = {Cover.CONCEALMENT: "concealment", Cover.LIGHT: "light cover", Cover.HEAVY: "heavy cover"}


def template(battle: "Battle", unit: int) -> UnitTemplate:
    return battle.ruleset.data.templates[battle.get(unit, Hero).template]


def scores(battle: "Battle", unit: int) -> AbilityScores:
    return battle.get(unit, AbilityScores)


def enemies(battle: "Battle", unit: int) -> list[int]:
    """Enemy figures still in the fight (Unconscious ones are eliminated: no targets)."""
    team = battle.team(unit)
    return battle.memo(("5x5 enemies", team), lambda: [
        u for u in battle.units(active_only=True) if battle.team(u) != team])


def sight(battle: "Battle", a: Tile, b: Tile) -> LineOfFire:
    """The engine's line of fire from `a` to `b` (what the window draws)."""
    return line_of_fire(battle.map, a, b)


def sees(battle: "Battle", a: Tile, b: Tile) -> tuple[bool, bool, Cover]:
    """(visible, a wall on the line, the cover shielding `b`) from `a` to `b`: the same
    answers as `sight`, read from the sight lines of `b` (sightlines.py), which
    every query about that figure shares."""
    lines = sight_grids(battle.map, b)
    if not lines.visible[a]:
        return False, False, Cover.NONE
    blocked, cover = lines.line(a)
    return True, blocked, Cover(cover)


def adjacent(battle: "Battle", a: Tile, b: Tile) -> bool:
    """Touching: one of the 8 neighbours, not across the corner of two walls
    ([PROP] the same corner rule as movement)."""
    if chebyshev(a, b) != 1:
        return False
    if a[0] != b[0] and a[1] != b[1]:
        walk = battle.map.walkable
        return bool(walk[b[0], a[1]] or walk[a[0], b[1]])
    return True


def can_use(battle: "Battle", unit: int, action: str) -> bool:
    """Focus cannot be used Unskilled; Strike and Aim can."""
    return action not in NEVER_UNSKILLED or template(battle, unit).rank(action) > 0


def legal(battle: "Battle", action: str, here: Tile, there: Tile) -> bool:
    """Strike: adjacent. Aim: distant and in line of sight. Focus: any visible figure."""
    if action == "strike":
        return adjacent(battle, here, there)
    visible, blocked, _ = sees(battle, here, there)
    if action == "aim":
        return chebyshev(here, there) >= 2 and visible and not blocked
    return visible


def targets(battle: "Battle", unit: int, action: str, here: Tile | None = None) -> list[int]:
    """The legal targets of `action` for `unit` standing on `here` (default: its tile)."""
    if not can_use(battle, unit, action):
        return []
    here = battle.tile(unit) if here is None else here
    return [e for e in enemies(battle, unit) if legal(battle, action, here, battle.tile(e))]


@dataclass(frozen=True)
class Profile:
    """Every number of one Offensive Action and of the Defensive Action answering it."""

    attacker: int
    target: int
    action: str  # strike / aim / focus
    rank: int
    ability: str
    ability_value: int
    shifts: tuple[tuple[str, int], ...]
    target_number: int
    defence: str  # parry / dodge / resist
    defence_rank: int
    defence_ability: str
    defence_value: int
    defence_target: int

    @property
    def shift(self) -> int:
        return sum(v for _, v in self.shifts)

    def explain(self) -> str:
        """'Strike 3 × Rage 4 = 12', 'Aim 3 −1 (light cover) → 2 × Grace 4 = 8'..."""
        return explain(self.action, self.rank, self.ability, self.ability_value, self.shifts,
                       self.target_number)

    def explain_defence(self) -> str:
        return explain(self.defence, self.defence_rank, self.defence_ability, self.defence_value,
                       (), self.defence_target)

    def breakdown(self) -> tuple[tuple[str, int], ...]:
        rows = [(f"{RANK_NAMES[self.action]} rank", self.rank),
                (ABILITY_NAMES[self.ability], self.ability_value)]
        rows += [(f"{label} (rank shift)", v) for label, v in self.shifts]
        return tuple(rows)


def explain(rank_name: str, rank: int, ability: str, value: int,
            shifts: tuple[tuple[str, int], ...], target: int) -> str:
    name = RANK_NAMES[rank_name]
    shift = sum(v for _, v in shifts)
    text = f"{name} {rolls.rank_label(rank)}"
    if shift:
        text += "".join(f" {'+' if v > 0 else '−'}{abs(v)} ({label})" for label, v in shifts)
        text += f" → {rolls.rank_label(rank, shift)}"
    step = rolls.effective_rank(rank, shift)
    if step >= 1:
        return f"{text} × {ABILITY_NAMES[ability]} {value} = {target}"
    less = 1 if step == rolls.UNSKILLED else 2
    return f"{text}: {ABILITY_NAMES[ability]} {value} − {less} = {target}"


def profile(battle: "Battle", attacker: int, target: int, action: str,
            here: Tile | None = None) -> Profile:
    """The numbers of `attacker`'s `action` at `target` (from `here`, default its tile).

    Legality is the caller's business (options.py offers only legal targets).
    """
    here = battle.tile(attacker) if here is None else here
    mine, theirs = template(battle, attacker), template(battle, target)
    ability = ABILITY_FOR[action]
    value = scores(battle, attacker).get(ability)
    shifts: list[tuple[str, int]] = []
    if action == "aim":
        cover = sees(battle, here, battle.tile(target))[2]
        if COVER_SHIFT[cover]:
            shifts.append((COVER_LABEL[cover], COVER_SHIFT[cover]))
    shift = sum(v for _, v in shifts)
    rank = mine.rank(action)
    defence = DEFENCE_FOR[action]
    d_ability = ABILITY_FOR[defence]
    d_value = scores(battle, target).get(d_ability)
    d_rank = theirs.rank(defence)
    return Profile(attacker, target, action, rank, ability, value, tuple(shifts),
                   rolls.target_number(rank, value, shift), defence, d_rank, d_ability, d_value,
                   rolls.target_number(d_rank, d_value))


# --- exact outlook -------------------------------------------------------------------
BLOCKED, CONTROLLED, NOT_CONTROLLED = "blocked", "controlled", "not controlled"


def control_chances(defence_target: int) -> dict[str, Fraction]:
    """One Control the Hit roll: Blocked (critical), Controlled, or not Controlled."""
    ok, crit = rolls.chances(defence_target)
    return {BLOCKED: crit, CONTROLLED: ok - crit, NOT_CONTROLLED: 1 - ok}


def chooser_of(result: str) -> str | None:
    """Who picks the Damaged ability: the defender when Controlled, else the attacker."""
    return {CONTROLLED: "defender", NOT_CONTROLLED: "attacker"}.get(result)


def taken_out(values: Mapping[str, int], choosers: tuple[str, ...], picks: tuple[str, ...] = ()) -> bool:
    """Whether the figure ends out of the fight when each hit's chooser, in order, picks
    best for its side: the attacker to take it out, the defender to stay in."""
    if not choosers:
        return fate.outcome(values, picks) is not None
    results = [taken_out(values, choosers[1:], picks + (a,)) for a in ABILITIES]
    return any(results) if choosers[0] == "attacker" else all(results)


@dataclass(frozen=True)
class Outlook:
    """Exact chances of one Offensive Action against its target."""

    hit: Fraction
    double_hit: Fraction
    control: dict[str, Fraction]
    points: dict[int, Fraction]  # Ability points the defender loses
    takes_out: Fraction  # out of the fight after this action, both sides picking well

    @property
    def expected_points(self) -> float:
        return float(sum(k * p for k, p in self.points.items()))


def outlook(p: Profile, defender_values: Mapping[str, int]) -> Outlook:
    return exact_outlook(p.target_number, p.defence_target,
                         tuple(defender_values[a] for a in ABILITIES))


@kept.pure("fivebyfive-outlook")
def exact_outlook(target_number: int, defence_target: int, values: tuple[int, ...]) -> Outlook:
    """The Outlook of an attack at `target_number` against a defender Controlling at
    `defence_target` with Ability Scores `values` (in ABILITIES order)."""
    defender_values = dict(zip(ABILITIES, values))
    hit, double = rolls.chances(target_number)
    single = hit - double
    control = control_chances(defence_target)
    points: dict[int, Fraction] = {0: 1 - hit}
    out = Fraction(0)
    for result, pr in control.items():
        n = 0 if result == BLOCKED else 1
        points[n] = points.get(n, Fraction(0)) + single * pr
        chooser = chooser_of(result)
        if chooser and taken_out(defender_values, (chooser,)):
            out += single * pr
    # A Double Hit: two Control rolls, "as though ... two simultaneous successful attacks".
    for r1, p1 in control.items():
        for r2, p2 in control.items():
            w = double * p1 * p2
            # The attacker places its Hits before the defender (see actions.offensive_action).
            choosers = tuple(sorted((c for c in (chooser_of(r1), chooser_of(r2)) if c)))
            points[len(choosers)] = points.get(len(choosers), Fraction(0)) + w
            if choosers and taken_out(defender_values, choosers):
                out += w
    return Outlook(hit, double, control, {k: v for k, v in sorted(points.items()) if v}, out)
