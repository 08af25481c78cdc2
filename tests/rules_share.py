"""How much of a bench battle's CPU time is the rules, and how much the AI:

    python -m tests.rules_share RULESET [N]

Plays the bench's warm-up battle twice (woodland, seed 0: the second is where the
engine's one-time `heap.settle` collect falls), then the bench's battles seeds 1..N
(default 5) by the AI, timing each (`time.process_time`), then replays each one's
recorded choices on a fresh battle, timed again: options, checks and carrying out,
no AI. Prints both medians and the rules' share, which says how fast a battle could
be if the AI cost nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from game.bench import _battle_bench
from tests.instructions import played, replay


def main(ruleset: str, battles: int) -> None:
    warm_up = _battle_bench(ruleset)()
    warm_up(-1)
    warm_up(-1)
    whole, rules = [], []
    for seed in range(1, battles + 1):
        start = time.process_time()
        record = played(ruleset, range(seed, seed + 1))[0]
        whole.append(time.process_time() - start)
        start = time.process_time()
        replay(ruleset, *record)
        rules.append(time.process_time() - start)
    battle_ms, rules_ms = 1000 * statistics.median(whole), 1000 * statistics.median(rules)
    print(f"{ruleset}: battle {battle_ms:.1f} ms, rules alone {rules_ms:.1f} ms "
          f"({rules_ms / battle_ms:.0%}), medians over seeds 1-{battles}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
