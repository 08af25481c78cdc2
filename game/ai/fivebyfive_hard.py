"""The "hard" 5x5 AI: expectimax two deep over the round's known Initiative order.

For its turn it takes normal's best few tiles (each with the best attack from there)
and the attacks it can make where it stands, and weighs each plan by what follows:

1. its own move and Offensive Action, every outcome exactly: miss, Blocked,
   Controlled or not, Double Hits with both Control rolls, and the Damage placed as
   each chooser would place it (`values.outcomes`, from the d5 × d5 enumeration);
2. in each outcome, the replies of the enemies still to act this round (the order is
   rolled at the start of the round and known): each one's best move and attack as
   normal would choose them in that position, again with every outcome exact (each
   replies to the position my action leaves; they are not chained), and the best
   follow-up of the allies still to act.

A position is scored by `values.standing` over both sides (taking a figure out is worth
TAKE_OUT, what fight it has left a little), plus normal's "later" (closing in) and its
danger from the enemies that already acted this round. It only reads the battle.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from game.ai.fivebyfive import DANGER, FiveByFiveAI, Figure, figure, score_tiles, situational_threat
from game.ai.fivebyfive_values import (ABILITY_INDEX, RANK_INDEX, THREAT_BASE, THREAT_MID, outcomes,
                                       standing)
from game.engine.decisions import PICK, Choice, Decision
from game.rulesets.fivebyfive import rolls
from game.rulesets.fivebyfive.combat import COVER_SHIFT, enemies
from game.rulesets.fivebyfive.components import TurnState
from game.rulesets.fivebyfive.data import ABILITY_FOR, DEFENCE_FOR, OFFENSIVE
from game.rulesets.fivebyfive.events import TurnOrder
from game.rulesets.fivebyfive.sightlines import sight_grids
from game.world.paths import reach
from game.world.tactical_map import Cover

TOP_TILES = 6  # normal's best tiles that the tree weighs
REPLY_WEIGHT = 1.0  # the replies of the enemies still to act this round (0: normal's danger)
HARD_LATER = 1.0  # normal's closing-in term, scaled
ALLY_WEIGHT = 1.0  # the allies still to act this round: their best follow-up counts
ACTED_DANGER = 1.0  # danger from an enemy that has acted this round (rolls again next round)
THREAT_STANDING = True  # a figure's standing scales with its situational threat


def weight(battle: Any, fig: Figure) -> float:
    """How much a figure's standing counts: what it can land from where it stands
    (normal's target weight, `values.attack_value`), 1 for a typical shooter."""
    if not THREAT_STANDING:
        return 1.0
    t = situational_threat(battle, fig)
    return (THREAT_BASE + t) / (THREAT_BASE + THREAT_MID)


def loss_of(battle: Any, fig: Figure, after: tuple[int, ...], out: bool) -> float:
    """What a figure's side loses when its Ability Scores go from `fig.values` to
    `after` (out: taken out of the fight)."""
    return weight(battle, fig) * (standing(fig.ranks, fig.values, False) - standing(fig.ranks, after, out))


def numbers(attacker: Figure, action: str, shift: int, target: Figure) -> tuple[int, int]:
    tn = rolls.target_number(attacker.ranks[RANK_INDEX[action]],
                             attacker.values[ABILITY_INDEX[ABILITY_FOR[action]]], shift)
    d = DEFENCE_FOR[action]
    dt = rolls.target_number(target.ranks[RANK_INDEX[d]], target.values[ABILITY_INDEX[ABILITY_FOR[d]]])
    return tn, dt


def aim_shift(battle: Any, here, there) -> int:
    return COVER_SHIFT[Cover(int(sight_grids(battle.map, there).cover_at[here]))]


class HardAI(FiveByFiveAI):
    level = "hard"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "normal")
        self.level = "hard"

    def decide(self, battle: Any, decision: Decision) -> Choice:
        return self._best(self.scored_choices(battle, decision))

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        if decision.kind == PICK:
            return super().scored_choices(battle, decision)
        return self._plan(battle, decision)

    # --- the tree --------------------------------------------------------------------
    def _plan(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        self._memo: dict = {}  # replies by (enemy, my tile, every enemy's values): one decision
        me = figure(battle, decision.actor)
        foes = [figure(battle, u) for u in enemies(battle, me.unit)]
        friends = [figure(battle, u) for u in battle.units(battle.team(me.unit), active_only=True)
                   if u != me.unit]
        opts = {o.key: o for o in decision.options}
        move = opts.get("move")
        tiles = [me.tile] + (list(move.targets) if move is not None else [])
        board = score_tiles(battle, me, foes, tiles)
        total = board.total()
        repliers = self._repliers(battle, me.unit, foes)
        friendly = {f.unit: f for f in friends}
        self._allies = [friendly[u] for u in self._after(battle, me.unit) if u in friendly]
        out: list[tuple[float, Choice]] = []
        # Attacks from here, and ending the turn here.
        for action in OFFENSIVE:
            opt = opts.get(action)
            if opt is None:
                continue
            for target in opt.targets:
                value = self._weigh(battle, me, me.tile, friends, foes, board, 0, action,
                                    next(i for i, f in enumerate(foes) if f.unit == target), repliers)
                out.append((value, opt.choice(target)))
        if "end_turn" in opts:
            out.append((self._weigh(battle, me, me.tile, friends, foes, board, 0, None, -1, repliers),
                        opts["end_turn"].choice()))
        # The best few tiles to move to, each with its best attack.
        if move is not None:
            order = np.argsort(-total[1:], kind="stable")[:TOP_TILES] + 1
            for i in order:
                a = int(board.action[i])
                action = OFFENSIVE[a] if a >= 0 else None
                value = self._weigh(battle, me, tiles[int(i)], friends, foes, board, int(i), action,
                                    int(board.target[i]), repliers)
                out.append((value, move.choice(tiles[int(i)])))
        return out

    def _after(self, battle: Any, unit: int) -> tuple[int, ...]:
        """Everyone still to act this round after `unit`, in Initiative order."""
        for event in reversed(battle.log):
            if isinstance(event, TurnOrder):
                order = tuple(u for u, _, _ in event.entries)
                return order[order.index(unit) + 1:] if unit in order else ()
        return ()

    def _repliers(self, battle: Any, unit: int, foes: list[Figure]) -> list[int]:
        """The enemies still to act this round after `unit`, in Initiative order."""
        standing_foes = {f.unit for f in foes}
        return [u for u in self._after(battle, unit) if u in standing_foes]

    def _follow_up(self, battle: Any, foes: list[Figure]) -> float:
        """What the allies still to act this round gain with their best attack on the
        position my action leaves (a wounded enemy is easier to finish)."""
        total = 0.0
        for ally in self._allies:
            key = ("ally", ally.unit, tuple((f.unit, f.values) for f in foes))
            if key not in self._memo:
                self._memo[key] = self._best_gain(battle, ally, foes, [])
            total += self._memo[key]
        return total

    def _best_gain(self, battle: Any, who: Figure, targets: list[Figure], blockers: list[Figure]) -> float:
        """The expected loss `who`'s best move and attack inflicts on `targets`."""
        if not targets:
            return 0.0
        allowance = battle.get(who.unit, TurnState).allowance  # rolled at the round's start
        r = reach(battle.map, who.tile, allowance, blocked=[f.tile for f in targets])
        taken = {f.tile for f in targets + blockers}
        tiles = [who.tile] + [t for t in r.tiles() if t not in taken]
        board = score_tiles(battle, who, targets, tiles)
        best = int(np.argmax(board.total()))
        a = int(board.action[best])
        if a < 0:
            return 0.0
        action, victim = OFFENSIVE[a], targets[int(board.target[best])]
        there = tiles[best]
        shift = aim_shift(battle, there, victim.tile) if action == "aim" else 0
        tn, dt = numbers(replace(who, tile=there), action, shift, victim)
        return sum(p * loss_of(battle, victim, after, out)
                   for p, after, out in outcomes(tn, dt, victim.ranks, victim.values))

    def _weigh(self, battle: Any, me: Figure, tile, friends: list[Figure], foes: list[Figure],
               board, i: int, action: str | None, target: int, repliers: list[int]) -> float:
        """The expected value of moving to `tile` (index `i` of the board) and making
        `action` at foes[target] (None: no attack), the rest of the round replying."""
        tile_value = HARD_LATER * float(board.later[i])
        modelled = set(repliers) if REPLY_WEIGHT else set()
        after = set(repliers)
        tile_value -= DANGER * sum(float(t[i]) * (1.0 if f.unit in after else ACTED_DANGER)
                                   for f, t in zip(foes, board.threats) if f.unit not in modelled)
        me_there = replace(me, tile=tile)
        if action is None:
            branches = [(1.0, foes)]
        else:
            foe = foes[target]
            shift = aim_shift(battle, me_there.tile, foe.tile) if action == "aim" else 0
            tn, dt = numbers(me_there, action, shift, foe)
            branches = []
            for p, after, out in outcomes(tn, dt, foe.ranks, foe.values):
                changed = [f for f in foes if f.unit != foe.unit]
                if not out:
                    changed.insert(target, replace(foe, values=after))
                gain = loss_of(battle, foe, after, out)
                branches.append((p, changed, gain))
        value = 0.0
        for branch in branches:
            p, now_foes = branch[0], branch[1]
            gain = branch[2] if len(branch) > 2 else 0.0
            loss = (REPLY_WEIGHT * self._reply(battle, me_there, friends, now_foes, repliers)
                    if REPLY_WEIGHT else 0.0)
            if ALLY_WEIGHT:
                gain += ALLY_WEIGHT * self._follow_up(battle, now_foes)
            value += p * (gain - loss)
        return value + tile_value

    def _reply(self, battle: Any, me: Figure, friends: list[Figure], foes: list[Figure],
               repliers: list[int]) -> float:
        """Expected loss to my side from the best move and attack of each enemy still to
        act this round, each replying to the position my action leaves."""
        live = {f.unit: f for f in foes}
        total = 0.0
        for u in repliers:
            if u in live:
                key = (u, me.tile, tuple((f.unit, f.values) for f in foes))
                if key not in self._memo:
                    self._memo[key] = self._one_reply(battle, live[u], me, friends, foes)
                total += self._memo[key]
        return total

    def _one_reply(self, battle: Any, foe: Figure, me: Figure, friends: list[Figure],
                   foes: list[Figure]) -> float:
        mine = [me] + friends
        allowance = battle.get(foe.unit, TurnState).allowance  # rolled at the round's start
        r = reach(battle.map, foe.tile, allowance, blocked=[f.tile for f in mine])
        tiles = [foe.tile] + [t for t in r.tiles() if t not in {f.tile for f in mine + foes}]
        board = score_tiles(battle, foe, mine, tiles)
        best = int(np.argmax(board.total()))
        a = int(board.action[best])
        if a < 0:
            return 0.0
        action, victim = OFFENSIVE[a], mine[int(board.target[best])]
        there = tiles[best]
        shift = aim_shift(battle, there, victim.tile) if action == "aim" else 0
        attacker = replace(foe, tile=there)
        tn, dt = numbers(attacker, action, shift, victim)
        loss = 0.0
        for p, after, out in outcomes(tn, dt, victim.ranks, victim.values):
            loss += p * loss_of(battle, victim, after, out)
        return loss
