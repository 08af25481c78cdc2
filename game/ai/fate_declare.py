"""The 4dF AI's candidate declarations: plain functions `(ai, look) -> [(score, Choice)]`.

Each proposes the declarations of one kind with their scores, read from the decision's
view (a `Look`, fate_look.py), in order: hold, moves, attacks, aims, postures (the order
is the tie-break's: `pick_best` draws among equals in the order listed). Every score is
in the same units: the worth of wounds dealt (fate_team.py), ground (fate_ground.py).
They only read (a first declaration notes its turn plan in the look).
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import numpy as np

from game.ai import fate_grid, fate_hard
from game.ai.fate_follow import attack_screen, follow_up_value
from game.ai.fate_ground import SHOT_RANGE, enemy_in_reach, spot_value
from game.ai.side_frame import frame_key, turned
from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import Choice
from game.rulesets.fate.attacks import Situation
from game.rulesets.fate.cover import sight_from
from game.rulesets.fate.stats import hand_attacks
from game.world.paths import chebyshev

Scored = list[tuple[float, Choice]]
EXACT_MOVES = (4, 6)  # move targets scored exactly after the numpy screen, by look-ahead depth
MOVE_COST = 0.05  # a move spent for no ground loses to holding
IDLE = 0.01  # a posture spent for nothing loses to holding
AIM_LATER = 0.4  # an aim's gain for next turn's shot (the target may move, the unit may want to)
# Postures (normal): per level of posture gained, per shot expected at the unit.
POSTURE_PER_SHOT = 0.22
STAND_TO_MOVE = 0.6
PRONE_THROWS = fate_hard.PRONE_THROWS
PRONE_TO_MOVE = fate_hard.PRONE_TO_MOVE
LEVELS_DOWN = {STANDING: 0, KNEELING: 1, PRONE: 2}

# The options without a target or parameters, as their `choice()` (immutable: made once).
PLAIN = {key: Choice(key) for key in ("hold", "kneel", "prone", "stand")}


def hold(ai: Any, look: Any) -> Scored:
    return [(0.0, PLAIN["hold"])]


# --- moves ---------------------------------------------------------------------------
def moves(ai: Any, look: Any) -> Scored:
    return move_plans(look)[0]


def move_plans(look: Any) -> tuple[Scored, float]:
    """The best few moves, scored as plans: the ground gained, plus (first action) the
    attack each sets up for the second. Also the best ground gain alone, which an attack
    now could still take with the second action (kept in the look: attacks read it)."""
    if look.move_plans is None:
        opt = look.options.get("move")
        look.move_plans = ([], 0.0) if opt is None else _move_plans(look, opt)
    return look.move_plans


def _move_plans(look: Any, opt: Any) -> tuple[Scored, float]:
    claimed = look.claimed_tiles()
    if look.kept_moves is not None:
        # The first declaration's moves from this tile, by their ground (the plan).
        return [(g, c) for g, c in look.kept_moves if c.target not in claimed], 0.0
    # The tiles in the side's own frame (side_frame): the screen's ties and the tile of
    # each kind its follow-up scores exactly go the same way for both sides of a
    # point-mirrored map (the targets come by x, then y).
    turn = turned(look.battle.map, look.team)
    tiles = [t for t in (reversed(opt.targets) if turn else opt.targets) if t not in claimed]
    if not tiles:
        return [], 0.0
    # One flat read of the tiles (np.array on a list of tuples is several times slower).
    arr = np.fromiter(chain.from_iterable(tiles), np.int64, 2 * len(tiles)).reshape(-1, 2)
    first = look.slot == 1
    rough = fate_grid.screen(look, arr, tiles, look.walk, attack_screen if first else None)
    fx, fy = frame_key(arr[:, 0], arr[:, 1], turn)
    order = np.lexsort((fy, fx, -rough))[:EXACT_MOVES[look.level.depth]]
    base = spot_value(look, look.origin)
    out = []
    ground_only = 0.0
    grounds = look.move_grounds = []
    for i in order:
        tile = tiles[int(i)]
        ground = spot_value(look, tile) - base - MOVE_COST
        ground_only = max(ground_only, ground)
        plan = ground + (follow_up_value(look, tile) if first else 0.0)
        out.append((plan, opt.choice(tile)))
        grounds.append((ground, out[-1][1]))
    if first and out and look.level.uses("wounds taken"):
        # Attacking first, a move with the second action dodges only the second beat's
        # blows: the ground an attack now still leaves is counted so.
        base = spot_value(look, look.origin, from_slot=2)
        ground_only = max([0.0] + [spot_value(look, c.target, from_slot=2) - base - MOVE_COST for _, c in out])
    return out, ground_only


# --- attacks -------------------------------------------------------------------------
def attacks(ai: Any, look: Any) -> Scored:
    opt = look.options.get("attack")
    if opt is None:
        return []
    if look.samples:
        scored = fate_hard.sampled_attacks(look, opt)
    else:
        scored = []
        for target in opt.targets:
            for w in opt.params_for(target)["with"]:
                choice = Choice(opt.key, target, (("with", w),))  # opt.choice(target, with=w)
                scored.append((look.attack_value(target, w, look.outcome_now(target, w), look.slot), choice))
    # Attacking first still leaves the second action to gain ground.
    ground = move_plans(look)[1] if look.slot == 1 else 0.0
    return [(value + ground, choice) for value, choice in scored]


def aims(ai: Any, look: Any) -> Scored:
    """Aiming as a plan. First action, for a unit with a single attack to make: aim now,
    take the aimed shot with the second. Second action: the aim's gain for next turn's
    shot, discounted (the target may move, the unit may want to)."""
    opt = look.options.get("aim")
    if opt is None or any(hand_attacks(look.battle, look.unit, [w]) for w in look.every):
        return []  # two attacks a turn beat aiming for one
    battle = look.battle
    out = []
    for target in opt.targets:
        where, how = look.where(target, look.slot + 1), look.posture_of(target, look.slot + 1)
        best = 0.0
        for w in look.missiles:
            aimed = Situation(look.unit, target, w, look.origin, where, look.posture, how, aimed=True)
            with_aim = look.attack_value(target, w, ai.outcome_for(battle, aimed), look.slot + 1)
            if look.slot == 1:
                if with_aim > best or target not in look.aimed_shot:
                    look.aimed_shot[target] = w  # the shot this aim is for
                best = max(best, with_aim)
            else:
                plain = Situation(look.unit, target, w, look.origin, where, look.posture, how)
                without = look.attack_value(target, w, ai.outcome_for(battle, plain), look.slot + 1)
                best = max(best, AIM_LATER * (with_aim - without))
        out.append((best, opt.choice(target)))
    return out


# --- postures ------------------------------------------------------------------------
def postures(ai: Any, look: Any) -> Scored:
    out = []
    for key in ("kneel", "prone", "stand"):
        if key in look.options:
            if key != "stand" and look.level.uses("wounds taken"):
                value = fate_hard.posture_value(look, key)
            else:
                value = posture_value(look, key)
            out.append((value - IDLE, PLAIN[key]))
    return out


def posture_value(look: Any, key: str) -> float:
    """Kneel or drop prone under fire from thrown and projectile attacks (not when a
    melee blow is coming); stand up to get moving. Never undo this turn's posture.
    Shots a slower enemy has declared at this unit always count; shots a faster enemy
    might make count when this unit means to stay and shoot (an enemy in reach).
    Prone (+2) is worth more than kneeling (+1) but needs a move action to stand up:
    a unit that will want to move soon kneels."""
    if look.posture_changed():
        return 0.0
    declared_missiles, declared_melee, possible_missiles, possible_melee = threats(look)
    melee = declared_melee + possible_melee
    staying = enemy_in_reach(look, look.origin)
    if key == "stand":
        if melee or look.prefers_melee or not staying:
            return STAND_TO_MOVE if not declared_missiles else 0.0
        return 0.0
    if look.prefers_melee or melee:
        return 0.0
    missiles = declared_missiles + (possible_missiles if staying else 0)
    gain = {"kneel": 1, "prone": 2}[key] - LEVELS_DOWN[look.posture]
    if gain <= 0:
        return 0.0
    value = POSTURE_PER_SHOT * gain * missiles
    if key == "prone":
        if look.throws:
            value -= PRONE_THROWS  # −2 to its own thrown attacks
        if not staying and look.can_move:
            value -= PRONE_TO_MOVE  # it will have to spend an action standing up to move
    return value


def threats(look: Any) -> tuple[int, int, int, int]:
    """Attacks that may come at this unit in this beat or later: (missile, melee) ones
    slower enemies have declared, then (missile, melee) ones faster enemies, who have
    not declared yet, could make (they see it and it is in their reach)."""
    declared = [0, 0]
    possible = [0, 0]
    for e in look.live_enemies:
        plan = look.plan(e)
        if plan:
            for d in plan:
                if d.kind == "attack" and d.target == look.unit and d.slot >= look.slot:
                    declared[1 if look.weapons[d.weapon].melee else 0] += 1
            continue
        dist = chebyshev(look.battle.tile(e), look.origin)
        if dist <= 1:
            possible[1] += 1
        elif dist <= SHOT_RANGE and sight_from(look.battle, look.where(e, look.slot))[look.origin]:
            possible[0] += 1
    return declared[0], declared[1], possible[0], possible[1]


CANDIDATES = (hold, moves, attacks, aims, postures)
