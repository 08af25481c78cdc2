"""The hard 4dF AI: answers what the faster enemies will most likely declare.

Declaring slowest-first, a unit cannot see what the faster enemies will do, but it can
ask what it would do in their place: for each faster enemy it knows of that has not
declared, the normal scorer picks that enemy's likely first action (a determinised
guess from the state as it stands). Then this unit scores its own options as if those
guesses were declared: an attack goes where the enemy will probably be (and is worth
nothing if it will probably have stepped out of reach), a move minds the tiles the
enemies will probably shoot from, and a posture the shots they will probably make.
A guess is trusted at GUESS_TRUST; the rest is valued as the normal level does.
Reads only; its own random stream.
"""

from __future__ import annotations

from typing import Any

from game.ai.fate import GUESS_TRUST, FateAI, Look
from game.engine.decisions import Choice, Decision, Option
from game.rulesets.fate.components import Declared


class HardFate(FateAI):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "normal")
        self.level = "hard"

    def scored_choices(self, battle: Any, decision: Decision) -> list[tuple[float, Choice]]:
        guesses = self.guess_faster_enemies(battle, decision)
        self._plain = Look(self, battle, decision)
        return self._scored(Look(self, battle, decision, guesses))

    def guess_faster_enemies(self, battle: Any, decision: Decision) -> dict[int, list[Declared]]:
        """Each faster, undeclared enemy's likely first action, by the normal scorer."""
        from game.rulesets.fate.options import declaration
        look = Look(self, battle, decision)
        out: dict[int, list[Declared]] = {}
        for e in look.live_enemies:
            if look.declared(e):
                continue
            scored = self._scored(Look(self, battle, declaration(battle, e, 1)))
            best = max(scored, key=lambda sc: sc[0])[1]
            out[e] = [Declared(1, best.option, best.target, best.param("with"))]
        return out

    def _attacks(self, look: Look, opt: Option) -> list[tuple[float, Choice]]:
        """An attack on a guessed enemy: at its guessed place (nothing if it will be out of
        reach there), blended with the normal valuation at its place now."""
        from game.rulesets.fate.attacks import in_reach
        from game.rulesets.fate.cover import protection
        if not look.assumed:
            return super()._attacks(look, opt)
        battle, plain = look.battle, self._plain
        out = []
        for target in opt.targets:
            for w in opt.params_for(target)["with"]:
                choice = opt.choice(target, **{"with": w})
                now = plain.attack_value(target, w, self.profile(battle, plain.situation(target, w)), look.slot)
                if target not in look.assumed:
                    out.append((now, choice))
                    continue
                wd = look.weapons[w]
                prot = protection(battle, look.origin, look.where(target, look.slot))
                guessed = 0.0
                if in_reach(wd, prot.distance) and not (wd.missile and prot.blocked):
                    guessed = look.attack_value(target, w, self.profile(battle, look.situation(target, w)),
                                                look.slot, stays=1.0)
                out.append((GUESS_TRUST * guessed + (1 - GUESS_TRUST) * now, choice))
        return out
