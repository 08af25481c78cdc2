"""The wounds a 4dF unit can expect to take where it stands (hard's "wounds taken").

Every attack a slower enemy declared at the unit that still reaches it at the tile (one
whose target moved out of reach or sight is lost), and the best attack each faster enemy
could make on it there (that enemy will see this declaration), counted at a guessed
chance it picks this unit; valued as the wounds it deals are (fate_team's worth of a
track). Plain functions over a `Look`; they only read.
"""

from __future__ import annotations

from typing import Any

from game import kept
from game.ai import fate_team
from game.engine.components import KNEELING, STANDING
from game.rulesets.fate.attacks import Situation, in_reach
from game.rulesets.fate.cover import protection
from game.rulesets.fate.options import MOVE_TILES, one_move_reach
from game.rulesets.fate.plans import plan_of
from game.rulesets.fate.stats import hand_attacks, track
from game.world.paths import chebyshev

UNDECLARED_AIM = 0.5  # the chance a faster enemy that can attack this unit there does


def threat(look: Any, tile: tuple[int, int], posture: str | None = None, from_slot: int | None = None) -> float:
    """The expected worth of the wounds the unit takes at `tile` (in `posture`) from the
    attacks of beat `from_slot` (default: this one) and later (kept for the decision)."""
    from_slot = from_slot or look.slot
    key = ("fate-ai-threat", look.unit, look.slot, tile, posture, from_slot)
    return look.battle.memo(key, lambda: _threat(look, tile, posture, from_slot))


def _threat(look: Any, tile: tuple[int, int], posture: str | None, from_slot: int) -> float:
    battle, me = look.battle, look.unit
    mine = STANDING if tile != look.origin and look.posture == KNEELING else look.posture
    if posture is not None:
        mine = posture
    t = track(battle, me)
    boxes = (t.scratch, t.hurt, t.very_hurt, t.incapacitated)
    attacks = []
    for e in look.live_enemies:
        plan = plan_of(battle, e)
        if plan:
            for d in plan:
                if d.kind != "attack" or d.target != me or d.slot < from_slot:
                    continue
                w = look.weapons[d.weapon]
                if w.effect != "wound":
                    continue
                origin = look.where(e, d.slot)
                prot = protection(battle, origin, tile)
                if not in_reach(w, prot.distance) or (w.missile and prot.blocked):
                    continue  # moved out of its reach: the attack is lost
                s = Situation(e, me, d.weapon, origin, tile, look.posture_of(e, d.slot), mine)
                attacks.append(look.ai.outcome_for(battle, s))
            continue
        # A faster enemy: its best attack on this unit there, from where it stands now
        # (a blade may close one move first).
        origin = battle.tile(e)
        best, best_out = 0.0, None
        for wid in hand_attacks(battle, e, []):
            w = look.weapons[wid]
            if w.effect != "wound" or w.uses is not None:
                continue
            if w.melee:
                if chebyshev(origin, tile) > 1 and not _walks_next_to(battle, origin, tile):
                    continue
                near = tile  # it closes in: judged from the tile itself
                s = Situation(e, me, wid, near, tile, STANDING, mine)
            else:
                prot = protection(battle, origin, tile)
                if not prot.visible or prot.blocked or not in_reach(w, prot.distance):
                    continue
                s = Situation(e, me, wid, origin, tile, look.posture_of(e, 0), mine)
            out = look.ai.outcome_for(battle, s)
            hit = fate_team.hit_chance(out)
            if hit > best:
                best, best_out = hit, out
        if best_out is not None:
            attacks.append(_scaled(best_out, UNDECLARED_AIM))
    if not attacks:
        return 0.0
    return fate_team.expected(boxes, tuple(sorted(attacks)))[0] - fate_team.worth(boxes, False)


def _walks_next_to(battle: Any, start: tuple[int, int], tile: tuple[int, int]) -> bool:
    """One move action from `start` (terrain only) ends next to `tile`."""
    if chebyshev(start, tile) > MOVE_TILES + 1:
        return False
    cost = one_move_reach(battle, start, ()).cost
    x, y = tile
    return bool(cost[max(0, x - 1):x + 2, max(0, y - 1):y + 2].min() <= MOVE_TILES)


@kept.pure("fate-ai-scaled")
def _scaled(out: tuple, p: float) -> tuple:
    """The outcome of an attack that comes only with chance `p` (else no wound)."""
    kept_ = {k: v * p for k, v in out if k != (fate_team.NO_WOUND, 0)}
    kept_[(fate_team.NO_WOUND, 0)] = 1.0 - sum(kept_.values())
    return tuple(sorted((k, round(v, 12)) for k, v in kept_.items()))
