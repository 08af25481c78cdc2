"""The attack a first-action move sets up for the second (the 4dF AI plans its turn).

A move is worth the ground it gains plus the best attack (exact odds) the unit could
make from where it ends, in the next beat: on each known enemy at its planned tile,
with each weapon it will still have a hand for. The numpy screen (fate_grid.py) asks
this for every candidate tile at once: one tile of each kind (enemy, weapon, distance
band, higher ground, charge) is scored exactly and its value shared by its kind.
Plain functions over a `Look`; they only read.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.ai import fate_grid
from game.engine.components import STANDING
from game.rulesets.fate.attacks import in_reach
from game.rulesets.fate.cover import protection
from game.rulesets.fate.plans import is_charge
from game.rulesets.fate.profile import line_read
from game.world.paths import chebyshev

KINDS = 12  # an enemy's kinds of tile: blade (2 x 2: higher, charge), missile (2 x 2 x 2)


def follow_up_value(look: Any, tile: tuple[int, int]) -> float:
    """The best attack (exact odds) the unit could make from `tile` in the next beat
    (kept with its target and weapon in `look.follow_ups`: the plan's second action)."""
    best, pick = 0.0, None
    reach_of = look.reach_next
    for e in look.live_enemies:
        distance = chebyshev(tile, look.where(e, 2))
        for w in look.usable_next:
            if distance > reach_of[w]:
                continue  # out of its reach: worth nothing (as `attack_from` says)
            value = attack_from(look, tile, e, w)
            if value > best:
                best, pick = value, (e, w)
    look.follow_ups[tile] = pick
    return best


def attack_from(look: Any, tile: tuple[int, int], e: int, w: str) -> float:
    """This unit's attack on `e` with `w` from `tile` in the next beat (0 out of reach)."""
    wd = look.weapons[w]
    there = look.where(e, 2)
    distance = chebyshev(tile, there)  # as protection's own distance
    if not in_reach(wd, distance):
        return 0.0
    battle = look.battle
    prot = protection(battle, tile, there, look.protections)
    if wd.missile and prot.blocked:
        return 0.0
    charge = wd.melee and is_charge(look.origin, tile, there)
    stays = look.stays(e, wd, 2, distance)
    # Everything the attack's profile reads of the tile is in what it reads of the line
    # (profile.line_read) and the charge, and its worth adds only the chance the target
    # stays: tiles alike in all three share one valuation (kept for the decision).
    line = line_read(wd, prot)
    target_posture = look.posture_of(e, 2)
    key = ("fate-ai-follow-up", look.level.name, look.unit, look.slot, e, w, target_posture, line, charge, stays)

    def value() -> float:
        outcome = look.ai.outcome_of(battle, look.unit, e, w, tile, there, STANDING, target_posture, charge,
                                     line=line)
        return look.attack_value(e, w, outcome, 2, distance, stays)
    return battle.memo(key, value)


def attack_screen(look: Any, foes: list[int], tiles: np.ndarray, listed: list, rows: np.ndarray) -> np.ndarray:
    """The best attack on any of `foes` from each tile next beat (never below 0): exact
    for one tile of each kind (enemy, weapon, distance band, higher ground, charge),
    shared by its kind. `listed`: the same tiles as a list of (x, y). `rows`: the
    enemies' terrain rows (fate_grid.enemy_rows) at these tiles, one block per enemy,
    in the order of `foes`."""
    best = np.zeros(len(tiles))
    dist = rows[:, fate_grid.DIST]
    longest = max(look.reach_next.values(), default=0)
    near = (np.minimum.reduce(dist, axis=1) <= longest).tolist()
    if not any(near):
        return best  # no tile within any weapon's reach of any of them (as `ok` below)
    if not all(near):
        # The others have no tile in reach (`ok` is false for all of them): the rest
        # reads the near ones alone, in the same order.
        keep = [i for i, n in enumerate(near) if n]
        rows, foes = rows[keep], [foes[i] for i in keep]
        dist = rows[:, fate_grid.DIST]
    elev = rows[:, fate_grid.HIGHER]
    copied = False
    charging = []  # per enemy: a blade's move there is a charge (it starts 2+ tiles away)
    height = look.battle.map.height
    for i, e in enumerate(foes):
        there = look.where(e, 2)
        charging.append(chebyshev(look.origin, there) >= 2)
        if there != look.where(e, look.slot):
            if not copied:
                elev, copied = elev.copy(), True
            # Its HIGHER row where it will be (the elevation alone: no whole rows for it).
            elev[i] = fate_grid.higher_grid(look.battle.map, there).ravel()[tiles[:, 0] * height + tiles[:, 1]]
    charge = seen = None  # worked out for the first blade, the first missile
    block = KINDS * np.arange(len(foes))[:, None]  # each enemy's block of kinds
    for w in look.usable_next:
        wd = look.weapons[w]
        if wd.melee:
            if charge is None:
                moved = np.maximum.reduce(np.abs(tiles - look.origin), axis=1) >= 2
                charge = np.logical_and.outer(charging, moved)
            ok = dist <= 1
            kind = 2 * elev + charge
        else:
            if seen is None:
                seen = rows[:, fate_grid.SEEN] > 0
            ok = seen & (dist <= wd.long_range) & (dist > 0)
            kind = 4 + 4 * (dist > wd.short_range) + 2 * elev
        who, where = ok.nonzero()  # by enemy, then in the candidates' order
        if not len(where):
            continue
        # The first tile (in the candidates' order) of each kind is scored exactly, the
        # kinds taken in the order they first appear (list.index finds that tile).
        code = kind.astype(np.int64) + block
        codes, at, whom = code[who, where].tolist(), where.tolist(), who.tolist()
        values = np.zeros(KINDS * len(foes))
        for k in dict.fromkeys(codes):
            i = codes.index(k)
            values[k] = attack_from(look, listed[at[i]], foes[whom[i]], w)
        best = np.maximum(best, np.maximum.reduce(np.where(ok, values[code], 0.0), axis=0))
    return best
