"""The action economy: what a unit is given each round, what it may spend when, held
actions, partial-turn refunds, and the offhand penalty.

Rule text, "Take actions": each round a character is given a Primary hand, an
Offhand, a Speak action and Agility Move actions; they may be used on its turn,
except active defences, usable at any time in the round while their actions remain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.mahou.components import (ESCAPE, HANDS, KINDS, MOVE, OFFHAND, PRIMARY,
                                            SPEAK, Actions, Hold, Pool)
from game.rulesets.mahou.stats import stat

if TYPE_CHECKING:
    from game.engine.battle import Battle

#: A grappled character keeps one type of action by the grapple's stance (rule text,
#: Grapple): Strong keeps Speak, Fast keeps Move, Precise keeps the Offhand.
RETAINED = {"strong": SPEAK, "fast": MOVE, "precise": OFFHAND}
KIND_NAMES = {PRIMARY: "primary hand", OFFHAND: "offhand", SPEAK: "speak", MOVE: "move",
              ESCAPE: "escape"}


def base(battle: "Battle", unit: int) -> Pool:
    """The base allotment: one primary hand, one offhand, one speak, Agility moves.

    [PROP] every unit has two hands and can speak (no race grants more or fewer).
    """
    return Pool(primary=1, offhand=1, speak=1, move=stat(battle, unit, "agility"))


def actions(battle: "Battle", unit: int) -> Actions:
    return battle.get(unit, Actions)


def owned(battle: "Battle", unit: int, kind: str) -> int:
    """Unspent actions of `kind` in every pool (turn, held and spare)."""
    a = actions(battle, unit)
    return a.turn.get(kind) + a.held.get(kind) + a.spare.get(kind)


def usable(battle: "Battle", unit: int) -> Pool:
    """What the unit may spend on an action of its own now: its turn's actions and
    its held actions (spare actions serve only defences)."""
    a = actions(battle, unit)
    t, h = a.turn, a.held
    return Pool(t.primary + h.primary, t.offhand + h.offhand, t.speak + h.speak,
                t.move + h.move, t.escape + h.escape)


def defence_pool(battle: "Battle", unit: int) -> Pool:
    """What the unit may spend on an active or spot defence: anything unspent."""
    a = actions(battle, unit)
    s, h, t = a.spare, a.held, a.turn
    return Pool(s.primary + h.primary + t.primary, s.offhand + h.offhand + t.offhand,
                s.speak + h.speak + t.speak, s.move + h.move + t.move,
                s.escape + h.escape + t.escape)


def can_pay(pool: Pool, cost: dict[str, int]) -> bool:
    return all(pool.get(k) >= n for k, n in cost.items())


def pay(battle: "Battle", unit: int, cost: dict[str, int], defence: bool = False) -> None:
    """Spend `cost`. Own actions come from the turn first, then held ones; defences
    from spare actions first (they serve nothing else), then held, then the turn."""
    a = actions(battle, unit)
    order = (a.spare, a.held, a.turn) if defence else (a.turn, a.held)
    for kind, n in cost.items():
        for pool in order:
            take = min(n, pool.get(kind))
            pool.add(kind, -take)
            n -= take
        if n:
            raise AssertionError(f"unit {unit} cannot pay {n} more {kind}")


def hand_choices(pool: Pool) -> tuple[str, ...]:
    """Hand actions available, primary first: "the first hand action performed in a
    turn is always considered the primary unless the player specifies using an
    offhand first"."""
    return tuple(h for h in HANDS if pool.get(h) > 0)


def offhand_penalty(used: set[str] | frozenset[str]) -> int:
    """−1 skill for an action that uses only offhand actions (rule text, Offhand):
    an offhand together with a primary hand or a speak action carries no penalty."""
    return -1 if used and set(used) <= {OFFHAND} else 0


# --- round, turn and refund bookkeeping ---------------------------------------------------
def retained_kinds(battle: "Battle", unit: int) -> set[str] | None:
    """While held, the kinds the unit keeps (None when not held). Held by several
    holds, only kinds every hold lets it keep remain ([PROP])."""
    stances = [h.stance for _, h in battle.query(Hold) if h.held == unit]
    if not stances:
        return None
    keep = set(KINDS) - {ESCAPE}
    for s in stances:
        keep &= {RETAINED[s]}
    return keep


def convert_for_grapple(battle: "Battle", unit: int, stance: str) -> bool:
    """Rule text: all but one type of the grappled character's remaining actions are
    converted into a single escape action. Returns whether an escape was made."""
    a = actions(battle, unit)
    keep = RETAINED[stance]
    converted, where = 0, None
    for pool in (a.turn, a.held, a.spare):
        for kind in KINDS:
            if kind in (keep, ESCAPE):
                continue
            n = pool.get(kind)
            if n:
                pool.add(kind, -n)
                converted += n
                where = where or pool
    if converted:
        where.add(ESCAPE, 1)
    return converted > 0


def _lose(a: Actions, fresh: Pool) -> list[str]:
    """Take from a fresh grant the actions precise criticals took away."""
    gone = []
    for kind in list(a.lost):
        if kind == MOVE and fresh.move:
            fresh.move = 0  # "all of their remaining movement"
        elif kind in (SPEAK, PRIMARY, OFFHAND) and fresh.get(kind):
            fresh.add(kind, -1)
        else:
            continue
        a.lost.remove(kind)
        gone.append(kind)
    return gone


def grant_round(battle: "Battle", unit: int) -> list[str]:
    """Step 1 of a round: the fresh allotment replaces last round's unspent, unheld
    actions ([PROP] those expire). Held actions stay until the next full turn.
    Returns the kinds lost to precise criticals."""
    a = actions(battle, unit)
    fresh = base(battle, unit)
    gone = _lose(a, fresh)
    keep = retained_kinds(battle, unit)
    if keep is not None:
        # [PROP] a unit still held when actions are given has them converted too.
        converted = sum(fresh.get(k) for k in KINDS if k not in keep and k != ESCAPE)
        for k in KINDS:
            if k not in keep:
                fresh.add(k, -fresh.get(k))
        fresh.escape = 1 if converted else 0
    a.spare = fresh
    a.turn = Pool()
    a.fast_refund_used = False
    a.spot_dodged = False
    return gone


def start_full_turn(battle: "Battle", unit: int) -> None:
    """Held actions expire ("before their next full turn"); the round's actions, less
    any spent on defences, become the turn's."""
    a = actions(battle, unit)
    a.held = Pool()
    a.turn = a.spare
    a.spare = Pool()
    a.in_turn = "full"
    a.fast_refund_used = False
    a.run = (0, 0, 0)


def start_other_turn(battle: "Battle", unit: int, kind: str) -> None:
    a = actions(battle, unit)
    a.in_turn = kind
    a.fast_refund_used = False
    a.run = (0, 0, 0)


def end_turn(battle: "Battle", unit: int, hold: bool) -> None:
    """The turn's unspent actions become held ones, or spare (defences only)."""
    a = actions(battle, unit)
    (a.held if hold else a.spare).merge(a.turn.take_all())
    a.in_turn = ""
    a.run = (0, 0, 0)


def refund_choices(battle: "Battle", unit: int) -> dict[str, int]:
    """What a partial turn may refund, and how many: its speak action, one hand
    action, or up to Agility moves, never above the base allotment (rule text, step 3).
    A held unit gets an Escape action for a kind the grapple would take."""
    b = base(battle, unit)
    keep = retained_kinds(battle, unit)
    out: dict[str, int] = {}
    for kind in (SPEAK, PRIMARY, OFFHAND, MOVE):
        room = b.get(kind) - owned(battle, unit, kind)
        if room <= 0:
            continue
        n = min(room, stat(battle, unit, "agility")) if kind == MOVE else 1
        if keep is not None and kind not in keep:
            out.setdefault(ESCAPE, 1)
        else:
            out[kind] = n
    return out


def refund(battle: "Battle", unit: int, kind: str, n: int) -> bool:
    """Give back `n` of `kind` into the turn. False if a precise critical took it."""
    a = actions(battle, unit)
    lost_kind = kind if kind != ESCAPE else None
    if lost_kind in a.lost:
        a.lost.remove(lost_kind)
        return False
    a.turn.add(kind, n)
    return True
