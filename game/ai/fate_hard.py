"""The hard 4dF AI: the normal scorer, plus what normal leaves out of its sums.

- **Wounds it will take where it stands**, in the same units as the wounds it deals
  (fate_team's worth of a track): every attack a slower enemy declared at this unit that
  still reaches it at the tile (one whose target moved out of reach or sight is lost),
  and the best attack each faster enemy could make on it there (that enemy will see this
  declaration), counted at a guessed chance it picks this unit. Moves (the best 6 of the
  numpy screen scored exactly), kneeling and lying prone are all valued by it.
- **Wounds on a harder-hitting enemy** are worth a little more (its penalty and its
  fall deny its next attacks).
- **The faster enemies' likely declarations**: for each faster enemy that has not
  declared, the normal scorer scores that enemy's first action in its place; the best
  few (a small determinised sample) get weights by a softmax over those scores. An attack
  on such an enemy is valued at each sampled place it may be (nothing where it will have
  stepped out of reach); moves and exposure read the likeliest sample as if declared.

Reads only; its own random stream.
"""

from __future__ import annotations

import math
from typing import Any

from game import kept
from game.ai.fate import FateAI, Look
from game.engine.components import KNEELING, PRONE, STANDING
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.fate.components import Declared
from game.world.paths import chebyshev

SAMPLES = 3  # an enemy's likeliest first actions considered
SAMPLE_TEMPERATURE = 0.35  # score units, as the easy level's softmax
# Measured against normal on woodland and warehouse (100 battles each, seeds 1000-1049
# both ways): 1.5 / 0.75 for the first two, or 1.0 for the third, moved nothing beyond noise.
THREAT_WEIGHT = 1.0  # wounds taken count as much as wounds dealt
UNDECLARED_AIM = 0.5  # the chance a faster enemy that can attack this unit there does
DANGER_K = 0.5  # how much more a wound on a harder-hitting enemy is worth
EXACT_MOVES_HARD = 6  # move targets scored exactly after the numpy screen


class HardFate(FateAI):
    plans_turns = False  # hard scores each declaration afresh (its guesses need the second's scoring)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "normal")
        self.level = "hard"
        self._samples: dict[int, list[tuple[float, Declared]]] = {}
        self._plain: Look | None = None

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        self._samples = self.guess_faster_enemies(battle, decision)
        self._plain = Look(self, battle, decision)
        likeliest = {e: [max(s, key=lambda ws: ws[0])[1]] for e, s in self._samples.items()}
        return self._scored(HardLook(self, battle, decision, likeliest))

    def _moves(self, look: Look, opt: Option) -> tuple[list[tuple[float, Choice]], float]:
        moves, ground = super()._moves(look, opt)
        if look.slot == 1 and isinstance(look, HardLook) and moves:
            # Attacking first, a move with the second action dodges only the second
            # beat's blows: the ground an attack now still leaves is counted so.
            base = look.spot_value(look.origin, from_slot=2)
            ground = max([0.0] + [look.spot_value(c.target, from_slot=2) - base - 0.05 for _, c in moves])
        return moves, ground

    def _posture_value(self, look: Look, key: str) -> float:
        """Kneeling and lying prone by the exact wounds they spare (or cost, against a
        blade) where the unit stands, less what prone costs its own attacks and moving."""
        if key == "stand" or not isinstance(look, HardLook):
            return super()._posture_value(look, key)
        if look.posture_changed():
            return 0.0
        new = {"kneel": KNEELING, "prone": PRONE}[key]
        value = THREAT_WEIGHT * (look.threat(look.origin) - look.threat(look.origin, new))
        if key == "prone":
            if look.throws:
                value -= 0.4  # −2 to its own thrown attacks
            if not look.enemy_in_reach(look.origin) and look.can_move:
                value -= 0.15  # it will have to spend an action standing up to move
        if look.prefers_melee:
            value -= 0.2  # −1 / −2 to its own blows
        return value

    def guess_faster_enemies(self, battle: Any, decision: Decision) -> dict[int, list[tuple[float, Declared]]]:
        """Each faster, undeclared enemy's likeliest first actions with their weights."""
        from game.rulesets.fate.options import declaration
        look = Look(self, battle, decision)
        out: dict[int, list[tuple[float, Declared]]] = {}
        for e in look.live_enemies:
            if look.declared(e):
                continue
            scored = sorted(self._scored(Look(self, battle, declaration(battle, e, 1))),
                            key=lambda sc: (-sc[0], repr(sc[1])))
            top = scored[0][0]
            weights = [math.exp((s - top) / SAMPLE_TEMPERATURE) for s, _ in scored]
            total = sum(weights)
            out[e] = [(w / total, Declared(1, c.option, c.target, c.param("with")))
                      for w, (_, c) in zip(weights[:SAMPLES], scored[:SAMPLES])]
        return out

    def _attacks(self, look: Look, opt: Option) -> list[tuple[float, Choice]]:
        if not look.assumed:
            return super()._attacks(look, opt)
        from game.rulesets.fate.attacks import Situation, in_reach
        from game.rulesets.fate.cover import protection
        from game.rulesets.fate.stats import posture
        battle, plain = look.battle, self._plain
        out = []
        for target in opt.targets:
            for w in opt.params_for(target)["with"]:
                choice = opt.choice(target, **{"with": w})
                now = plain.attack_value(target, w, plain.profile_now(target, w), look.slot)
                samples = self._samples.get(target)
                if not samples:
                    out.append((now, choice))
                    continue
                wd = look.weapons[w]
                base = plain.situation(target, w)
                value, weight = 0.0, 0.0
                for p, d in samples:
                    tile = d.target if d.kind == "move" else battle.tile(target)
                    how = posture(battle, target)
                    if d.kind in ("kneel", "prone", "stand"):
                        how = {"kneel": KNEELING, "prone": "prone", "stand": STANDING}[d.kind]
                    elif d.kind == "move" and how == KNEELING:
                        how = STANDING
                    prot = protection(battle, look.origin, tile)
                    weight += p
                    if in_reach(wd, prot.distance) and not (wd.missile and prot.blocked):
                        s = Situation(base.attacker, target, w, base.origin, tile, base.attacker_posture, how,
                                      base.charging, base.aimed)
                        value += p * look.attack_value(target, w, self.profile(battle, s), look.slot, stays=1.0)
                out.append((value + (1.0 - weight) * now, choice))
        return out


class HardLook(Look):
    """The normal look, plus the worth of the wounds this unit can expect to take where it
    stands: the attacks slower enemies declared at it that still reach it there (an
    attack on a unit that has moved out of reach is lost), and the best attack each
    faster enemy could make on it there (it will see this declaration), at a guessed
    chance that it picks this unit. In the same units as the attacks it deals."""

    exact_moves = EXACT_MOVES_HARD

    def spot_value(self, tile: tuple[int, int], from_slot: int | None = None) -> float:
        return super().spot_value(tile) - THREAT_WEIGHT * self.threat(tile, from_slot=from_slot)

    def attack_value(self, target: int, weapon_id: str, profile: Any, slot: int,
                     distance: int | None = None, stays: float | None = None) -> float:
        """Wounds on an enemy are worth more the harder it hits back (a wound's penalty and
        taking it out deny its next attacks)."""
        value = super().attack_value(target, weapon_id, profile, slot, distance, stays)
        return value * _danger(self.battle, target) if value > 0 else value

    def threat(self, tile: tuple[int, int], posture: str | None = None, from_slot: int | None = None) -> float:
        """The expected worth of the wounds this unit takes at `tile` (in `posture`) from
        the attacks of beat `from_slot` (default: this one) and later."""
        memo = self.__dict__.setdefault("_threats", {})
        key = (tile, posture, from_slot or self.slot)
        if key not in memo:
            memo[key] = self._threat(tile, posture, from_slot or self.slot)
        return memo[key]

    def _threat(self, tile: tuple[int, int], posture: str | None, from_slot: int) -> float:
        from game.ai import fate_team
        from game.rulesets.fate.attacks import Situation, in_reach
        from game.rulesets.fate.cover import protection
        from game.rulesets.fate.plans import plan_of
        from game.rulesets.fate.stats import hand_attacks, track
        battle, me = self.battle, self.unit
        mine = STANDING if tile != self.origin and self.posture == KNEELING else self.posture
        if posture is not None:
            mine = posture
        t = track(battle, me)
        boxes = (t.scratch, t.hurt, t.very_hurt, t.incapacitated)
        attacks = []
        for e in self.live_enemies:
            plan = plan_of(battle, e)
            if plan:
                for d in plan:
                    if d.kind != "attack" or d.target != me or d.slot < from_slot:
                        continue
                    w = self.weapons[d.weapon]
                    if w.effect != "wound":
                        continue
                    origin = self.where(e, d.slot)
                    prot = protection(battle, origin, tile)
                    if not in_reach(w, prot.distance) or (w.missile and prot.blocked):
                        continue  # moved out of its reach: the attack is lost
                    s = Situation(e, me, d.weapon, origin, tile, self.posture_of(e, d.slot), mine)
                    attacks.append(fate_team.profile_outcome(self.ai.profile(battle, s)))
                continue
            # A faster enemy: its best attack on this unit there, from where it stands now
            # (a blade may close one move first).
            origin = battle.tile(e)
            best, best_out = 0.0, None
            for wid in hand_attacks(battle, e, []):
                w = self.weapons[wid]
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
                    s = Situation(e, me, wid, origin, tile, self.posture_of(e, 0), mine)
                out = fate_team.profile_outcome(self.ai.profile(battle, s))
                hit = fate_team.hit_chance(out)
                if hit > best:
                    best, best_out = hit, out
            if best_out is not None:
                attacks.append(_scaled(best_out, UNDECLARED_AIM))
        if not attacks:
            return 0.0
        return fate_team.expected(boxes, tuple(sorted(attacks)))[0] - fate_team.worth(boxes, False)


def _danger(battle: Any, unit: int) -> float:
    """How hard the unit hits: 1 + K/2 for each point its best attack (Attack skill plus
    half its weapon's damage modifiers) stands above 1.5."""
    from game.rulesets.fate.stats import hand_attacks, template
    def compute():
        t = template(battle, unit)
        best = 0.0
        for wid in hand_attacks(battle, unit, []):
            w = battle.ruleset.data.weapons[wid]
            if w.effect != "wound" or w.uses is not None:
                continue
            dmg = (1 if w.edged else 0) + (1 if w.anti_personnel else 0) - (1 if w.blunt else 0)
            best = max(best, t.attack + 0.5 * dmg)
        return best
    edge = battle.cached(("fate-hard-danger", unit), compute)
    # Only ever more: a factor below 1 would shrink a weak enemy's wounds against the
    # ground and exposure terms, which are not wounds.
    return 1.0 + DANGER_K * max(0.0, edge - 1.5) / 2


def _walks_next_to(battle: Any, start: tuple[int, int], tile: tuple[int, int]) -> bool:
    """One move action from `start` (terrain only) ends next to `tile`."""
    from game.rulesets.fate.options import MOVE_TILES, one_move_reach
    if chebyshev(start, tile) > MOVE_TILES + 1:
        return False
    cost = one_move_reach(battle, start, ()).cost
    x, y = tile
    return bool(cost[max(0, x - 1):x + 2, max(0, y - 1):y + 2].min() <= MOVE_TILES)


@kept.pure("fate-ai-scaled")
def _scaled(out: tuple, p: float) -> tuple:
    """The outcome of an attack that comes only with chance `p` (else no wound)."""
    from game.ai.fate_team import NO_WOUND
    kept = {k: v * p for k, v in out if k != (NO_WOUND, 0)}
    kept[(NO_WOUND, 0)] = 1.0 - sum(kept.values())
    return tuple(sorted((k, round(v, 12)) for k, v in kept.items()))
