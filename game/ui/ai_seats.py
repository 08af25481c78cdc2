"""The sides the AI plays: a part of the battle screen with its own state.

Each side not played by a person gets a controller of its level (the level registry's,
`game.ai.levels`, when it exists). A decision of an AI side is worked out in the
runner's thread (`AIRunner`) while the window stays live, and answered through the
screen's `submit` like any other (an AI that fails ends its turn instead). Its pace:

- at 1x and slower, `AI_PAUSE` between answers (scaled by the speed), so a person can
  follow, and nothing while an animation plays;
- at instant speed (or skipping), as many answers a frame as `INSTANT_BUDGET` allows;
  but an answer that plays out a fate round's resolution holds the AI for `READ_HOLD`
  so it can be read before the next round scrolls it away (issue 30, item 11).
"""

from __future__ import annotations

import sys
import time
import traceback

from game.ui.ai_runner import AIRunner

AI_PAUSE = 0.45       # seconds between AI decisions at 1×, so a person can follow
INSTANT_BUDGET = 0.02  # seconds of AI work per frame at "instant" (the window stays live)
READ_HOLD = (2.5, 0.15, 8.0)   # instant speed: seconds to read a round's resolution (base, per line, most)


class AISeats:
    def __init__(self, battle, sides: dict[int, str], ai_level: str, controllers=None, levels=None) -> None:
        self.controllers = dict(controllers or {})
        self.levels = {int(t): lv for t, lv in (levels or {}).items()}   # side -> its AI's level
        for team, kind in sides.items():
            if kind != "human" and team not in self.controllers:
                level = self.levels.setdefault(team, ai_level)
                self.controllers[team] = _make_ai(battle.ruleset.id, battle.seed * 7919 + team, level)
        self.runner = AIRunner()
        self.wait = 0.0        # seconds before the next answer is taken (AI_PAUSE at 1×)
        self.read_hold = 0.0   # instant speed: a round's resolution stays to be read

    def start(self, battle, decision, speed: float) -> None:
        """An AI side is to decide: work it out in the runner's thread."""
        self.runner.start(self.controllers[decision.side], battle, decision)
        self.wait = AI_PAUSE / speed if speed else 0.0

    def hold_to_read(self, lines: int) -> None:
        """A round's resolution of `lines` lines was just shown at instant speed."""
        self.read_hold = min(READ_HOLD[0] + READ_HOLD[1] * lines, READ_HOLD[2])

    def run(self, dt: float, fast: bool, skip: bool, animating: bool, battle, submit, say) -> None:
        """A frame: take the AI's answers when their time has come (`fast`: instant
        speed or skipping) and give them to `submit`."""
        if self.read_hold > 0:
            self.read_hold = 0.0 if skip else self.read_hold - dt
            if self.read_hold > 0:
                return
        if not self.runner.busy:
            return
        if fast:
            deadline = time.perf_counter() + INSTANT_BUDGET
            while self.runner.busy:
                if not self.runner.wait(max(0.0, deadline - time.perf_counter())):
                    return
                self._answer(battle, submit, say)
                if time.perf_counter() >= deadline:
                    return
            return
        if animating:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        self._answer(battle, submit, say)

    def _answer(self, battle, submit, say) -> None:
        done = self.runner.collect()
        if done is None:
            return
        choice, error = done
        decision = battle.pending
        if error is not None or choice is None:
            print("rulebook-skirmish: the AI failed to decide:", file=sys.stderr)
            if error is not None:
                traceback.print_exception(error, file=sys.stderr)
            choice = fallback_choice(decision)
            say("The AI failed (see the terminal); it ends its turn.")
        if not submit(choice):
            submit(fallback_choice(decision))


def _make_ai(ruleset_id: str, seed: int, level: str):
    """An AI of the given level: the level registry's (game.ai.levels) when it exists."""
    try:
        from game.ai.levels import make_ai
    except ImportError:
        from game.ai import make_ai
    return make_ai(ruleset_id, seed, level)


def fallback_choice(decision):
    """When an AI fails: end the turn (or pass), else the first legal answer."""
    for key in ("end_turn", "pass"):
        opt = decision.option(key)
        if opt is not None:
            return opt.choice()
    opt = decision.options[-1]
    return opt.choice(opt.targets[0] if opt.targets else None)
