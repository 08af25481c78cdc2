"""Exact numbers the Mahou AI weighs, read from the ruleset's own roll specs.

Every figure here is in hit points: the expected damage a blow deals after this
round's soak, the chance it knocks the target out, and the damage an active or spot
defence is expected to prevent. The dice come from `dice.distribution` of the same
RollSpecs the rules roll; the tables are kept by those specs (values, never battle
state: game.kept's data tables), so a process asks numpy for each distinct roll once;
what depends on the units is kept in the battle's tables under keys that name every
input (`pair_state`), so it never goes stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from game.kept import pure
from game.engine.components import OutOfFight, Posture
from game.rulesets.mahou import dice as md
from game.rulesets.mahou import talk
from game.rulesets.mahou.attacks import (WEAPON, AttackProfile, AttackSpec, _after_soak,
                                         attack_profile, soak_spec, stance_profiles)
from game.rulesets.mahou.components import ActiveDefences, Health, Loadout, Soak
from game.rulesets.mahou.economy import owned
from game.rulesets.mahou.stats import (all_holds, fist_weapon, held_weapons, is_exhausted, pinned,
                                       rank, stat)

PAD = 64  # numbers to meet never fall this far below a roll's lowest total
KNOCKOUT_WEIGHT = 6.0  # a foe out of the fight is worth this many hit points besides the damage
#: A foe's blows spread over the targets it can reach: the share one beside it (or in
#: its line of fire) can expect, and one it must walk to.
NEAR_SHARE, FAR_SHARE = 0.6, 0.35


@pure("mahou-ai-survival")
def survival(spec: md.RollSpec) -> tuple[int, np.ndarray]:
    """(lowest total, P(total >= lowest + i) for each i): "meet or beat" read by index."""
    dist = md.distribution(spec)
    low, high = min(dist), max(dist)
    pmf = np.zeros(high - low + 2)
    for v, p in dist.items():
        pmf[v - low] += p
    surv = np.cumsum(pmf[::-1])[::-1]
    surv.flags.writeable = False
    return low, surv


def at_least(spec: md.RollSpec, target: int) -> float:
    low, surv = survival(spec)
    i = target - low
    if i <= 0:
        return float(surv[0])
    return float(surv[i]) if i < len(surv) else 0.0


@pure("mahou-ai-damage")
def _damage_summary(damage: md.RollSpec, soak: md.RollSpec | None, pool: int, doubled: bool,
                    knockout: int) -> tuple[float, float]:
    """(expected hit points lost, chance of losing at least `knockout`) for one hit."""
    dist = _after_soak(damage, doubled, soak, pool)
    mean = sum(v * p for v, p in dist)
    ko = sum(p for v, p in dist if v >= knockout)
    return mean, ko


@dataclass(frozen=True)
class Blow:
    """One attack as the AI weighs it."""

    profile: AttackProfile
    hit: float
    crit: float
    damage: float  # expected hit points lost, misses included
    knockout: float  # chance of knocking the target out

    @property
    def value(self) -> float:
        return self.damage + KNOCKOUT_WEIGHT * self.knockout


def hit_damage(battle: Any, profile: AttackProfile) -> tuple[float, float, float, float]:
    """(expected damage of a plain hit, of a critical hit, chance of a knock-out on a
    plain hit, on a critical) against the target's soak left this round."""
    target = profile.spec.target
    if profile.damage is None:
        return 0.0, 0.0, 0.0, 0.0
    pool = battle.get(target, Soak).pool
    soak = soak_spec(battle, target) if pool is None else None
    ko = battle.get(target, Health).hp + stat(battle, target, "defense") + 1
    plain = _damage_summary(profile.damage, soak, pool or 0, False, ko)
    doubled = profile.spec.stance == "strong"
    crit = _damage_summary(profile.damage, soak, pool or 0, True, ko) if doubled else plain
    return plain[0], crit[0], plain[1], crit[1]


def blow(battle: Any, spec: AttackSpec, fingerprint: tuple | None = None) -> Blow:
    """The attack's exact value against the number it must meet now (kept by its inputs;
    `fingerprint`: `pair_state(battle, attacker, target)` when the caller has it)."""
    if fingerprint is None:
        fingerprint = _fingerprint(battle, spec.attacker, spec.target)
    key = (spec,) + fingerprint
    if spec.mode == "grapple":
        key += tuple(owned(battle, spec.target, k) for k in ("primary", "offhand", "move"))
    return battle.kept.get("mahou-ai-blows", key, lambda: _blow(battle, spec))


def stance_blows(battle: Any, specs: list[AttackSpec], fingerprint: tuple) -> list[Blow]:
    """`blow` of each of `specs`, one attack (not a grapple) in several stances: those
    not kept yet are worked out together (`stance_profiles` reads what the stance
    does not change once)."""
    table = battle.kept.table("mahou-ai-blows")
    keys = [(spec,) + fingerprint for spec in specs]
    missing = [i for i, key in enumerate(keys) if key not in table]
    profiles = {}
    if missing:
        first = specs[missing[0]]
        profiles = dict(zip(missing, stance_profiles(battle, first, tuple(specs[i].stance for i in missing))))

    def one(i: int) -> Blow:
        return blow_of(battle, profiles[i]) if i in profiles else _blow(battle, specs[i])

    return [table.get(key, lambda i=i: one(i)) for i, key in enumerate(keys)]


def _blow(battle: Any, spec: AttackSpec) -> Blow:
    return blow_of(battle, attack_profile(battle, spec))


def blow_of(battle: Any, profile: AttackProfile) -> Blow:
    tn = profile.target_number
    hit = at_least(profile.roll, tn)
    crit = at_least(profile.roll, 2 * tn) if profile.crit_possible else 0.0
    plain_d, crit_d, plain_ko, crit_ko = hit_damage(battle, profile)
    damage = (hit - crit) * plain_d + crit * crit_d
    knockout = (hit - crit) * plain_ko + crit * crit_ko
    return Blow(profile, hit, crit, damage, knockout)


def best_skill(battle: Any, unit: int, skills) -> str:
    return max(skills, key=lambda s: (rank(battle, unit, s), s))


class Threat:
    """One of a foe's attacks on a unit (a stance with its best weapon): the profile,
    its expected damage against the number to meet now (`now`), and `curve`, its
    expected damage against each of an array of numbers to meet (the table behind it
    is built at the first use: most threats are only ever read `now`)."""

    __slots__ = ("profile", "now", "helpless", "_damage", "_table")

    def __init__(self, profile: AttackProfile, plain_d: float, crit_d: float) -> None:
        self.profile = profile
        self._damage = (plain_d, crit_d)
        self._table: tuple | None = None
        tn = profile.target_number
        hit = at_least(profile.roll, tn)
        if profile.crit_possible:
            crit = at_least(profile.roll, 2 * tn)
            self.now = (hit - crit) * plain_d + crit * crit_d
        else:
            self.now = hit * plain_d
        self.helpless = profile.tn_parts[0][0] == "helpless"

    def curve(self, needed: np.ndarray) -> np.ndarray:
        """Expected damage against each number in `needed` (hit and critical chances
        from the roll's survival table)."""
        if self._table is None:
            low, surv = survival(self.profile.roll)
            # Padded so that any number from low − PAD up indexes it: the front repeats
            # the certainty, the back (beyond the table's final 0) stays 0.
            table = np.concatenate((np.full(PAD, surv[0]), surv))
            self._table = (table, len(table) - 1, PAD - low)
        table, last, base = self._table
        plain_d, crit_d = self._damage
        hit = table[np.minimum(needed + base, last)]
        if not self.profile.crit_possible:
            return hit * plain_d
        crit = table[np.minimum(2 * needed + base, last)]
        return (hit - crit) * plain_d + crit * crit_d


def threat_profiles(battle: Any, foe: int, target: int) -> tuple[Threat, ...]:
    """The foe's attacks on `target`, one per stance, with its best held weapon (or its
    fists): what an active defence would have to stop (kept while the decision is)."""
    def compute():
        spec, stances = threat_spec(battle, foe, target)
        return tuple(Threat(profile, *hit_damage(battle, profile)[:2])
                     for profile in stance_profiles(battle, spec, stances))
    return battle.kept.get("mahou-ai-threats", (foe, target) + _fingerprint(battle, foe, target), compute)


def threat_spec(battle: Any, foe: int, target: int) -> tuple[AttackSpec, tuple[str, ...]]:
    """How the foe strikes `target` as the AI reckons it: its best held weapon (or its
    fists) with its best skill, in the weapon's first stance; and the weapon's stances."""
    weapons = [w for w in held_weapons(battle, foe) if not w.fist] or [fist_weapon(battle, foe)]
    w = weapons[0]
    hands = ("primary", "offhand") if w.hands == 2 else ("primary",)
    skill = best_skill(battle, foe, w.skills)
    return AttackSpec(foe, target, WEAPON, w.id, w.stances[0], skill, hands), w.stances


def pair_state(battle: Any, attacker: int, target: int) -> tuple:
    """Everything an attack of `attacker` on `target` reads (see `_fingerprint`)."""
    return _fingerprint(battle, attacker, target)


def _fingerprint(battle: Any, foe: int, target: int) -> tuple:
    """Everything a foe's attack profiles on `target` read (positions, what the hands
    hold, postures, wounds, distraction, active defences, soak, holds), so that the
    answer can be kept across decisions under a key that names all its inputs (read
    once while the decision is pending: a decision asks it for the same pair often)."""
    return battle.memo(("mahou-ai-pair", foe, target), lambda: _read_fingerprint(battle, foe, target))


def _read_fingerprint(battle: Any, foe: int, target: int) -> tuple:
    act = battle.get(target, ActiveDefences)
    pairs = all_holds(battle)  # most of a battle has no hold at all
    holds = tuple(sorted((h.holder, h.held, h.pinned) for _, h in pairs
                         if {h.holder, h.held} == {foe, target})) if pairs else ()
    return (_unit_state(battle, foe), _unit_state(battle, target), (act.block, act.parry, act.dodge),
            battle.get(target, Soak).pool, holds)


def _unit_state(battle: Any, u: int) -> tuple:
    """One unit's part of a fingerprint (kept while the decision is pending)."""
    def compute() -> tuple:
        lo = battle.get(u, Loadout)
        top = talk.strongest(battle, u)
        return (battle.tile(u), lo.main, lo.off, lo.armour, battle.get(u, Posture).value,
                battle.get(u, Health).hp, battle.has(u, OutOfFight) or pinned(battle, u),
                None if top is None else (top.penalty, top.state, top.source, top.bait, top.demand,
                                          top.kind))
    return battle.memo(("mahou-ai-unit", u), compute)


def distraction_worth(battle: Any, distractor: int, target: int, kind: str) -> tuple[float, float]:
    """(expected penalty points summed over the rounds they last, chance of a state).

    A general distraction lasts until the end of the target's next full turn (one
    round's worth); the others fall by 2 a round until 0, so a penalty of 5 counts
    5 + 3 + 1 (rule text, Infatuate / Infuriate / Intimidate)."""
    # Kept by every input of the two rolls: the earlier attempts that lower the rating,
    # and whether either side is exhausted (their dice come from templates, fixed).
    enc = talk.encounter(battle)
    general = kind == talk.GENERAL
    earlier = enc.general_on.get(target, 0) if general else enc.attempts.get((distractor, kind), 0)
    key = (distractor, target, kind, earlier, is_exhausted(battle, distractor), is_exhausted(battle, target))
    return battle.kept.get("mahou-ai-talk", key, lambda: _lasting(talk.rating_spec(battle, distractor, target, kind),
                                              talk.resist_spec(battle, target, kind), not general))


@pure("mahou-ai-lasting")
def _lasting(rating: md.RollSpec, resist: md.RollSpec, decays: bool) -> tuple[float, float]:
    a, b = md.distribution(rating), md.distribution(resist)
    va, pa = np.array(list(a), dtype=np.int64), np.array(list(a.values()))
    vb, pb = np.array(list(b), dtype=np.int64), np.array(list(b.values()))
    diff = np.maximum(va[:, None] - vb[None, :], 0)
    joint = pa[:, None] * pb[None, :]
    if decays:
        rounds = (diff + talk.DECAY - 1) // talk.DECAY  # 5 -> 5, 3, 1: three rounds
        total = rounds * diff - talk.DECAY * rounds * (rounds - 1) // 2
        state = float(joint[diff >= talk.STATE_AT].sum())
    else:
        total, state = diff, 0.0
    return float((joint * total).sum()), state
