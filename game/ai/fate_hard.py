"""The hard 4dF AI: answers what the faster enemies will most likely declare.

Declaring slowest-first, a unit cannot see what the faster enemies will do, but it can
ask what it would do in their place: for each faster enemy it knows of that has not
declared, the normal scorer scores that enemy's first action, and the best few (a small
determinised sample) get weights by a softmax over those scores (`SAMPLE_TEMPERATURE`).
Then this unit scores its own options against them: an attack on such an enemy is
valued at each sampled place it may be (nothing where it will have stepped out of
reach), weighted, the rest as the normal level does; moves, exposure and postures read
the most likely sample as if declared. Reads only; its own random stream.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.fate import FateAI, Look
from game.engine.components import KNEELING, STANDING
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.fate.components import Declared

SAMPLES = 3  # an enemy's likeliest first actions considered
SAMPLE_TEMPERATURE = 0.35  # score units, as the easy level's softmax


class HardFate(FateAI):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "normal")
        self.level = "hard"
        self._samples: dict[int, list[tuple[float, Declared]]] = {}
        self._plain: Look | None = None

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        self._samples = self.guess_faster_enemies(battle, decision)
        self._plain = Look(self, battle, decision)
        likeliest = {e: [max(s, key=lambda ws: ws[0])[1]] for e, s in self._samples.items()}
        return self._scored(Look(self, battle, decision, likeliest))

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
                now = plain.attack_value(target, w, self.profile(battle, plain.situation(target, w)), look.slot)
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
