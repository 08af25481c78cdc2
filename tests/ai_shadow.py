"""The AI's own cost on fixed decisions (not a test):

    python -m tests.ai_shadow RULESET N [--count] [--save FILE | --load FILE]

Plays the bench's battles (woodland, seeds 1..N, normal against normal) once, then
replays their recorded choices on fresh battles and asks a fresh pair of AIs at every
decision, submitting the recorded choice whatever they answer. `--save` writes the
recorded choices to FILE and `--load` asks them instead of playing: two trees (or two
versions of one) are then asked the very same decisions, even one whose AI would choose
differently (its plans then differ from the record; `matched` says how often it chose
as recorded). Prints the CPU time
(`time.process_time`) summed over the AI's decide calls. With `--count`, under
`valgrind --tool=callgrind --instr-atstart=no`, instructions are counted over the replay
with the AI asked (subtract a run of `tests.instructions RULESET N --rules`, the replay
alone, for the AI's share). A battle's time depends on its length; this does not.
"""

from __future__ import annotations

import json
import sys
import time

from game.ai import make_ai
from game.bench import _map_path
from game.engine.decisions import Choice
from game.engine.setup import new_battle
from game.simulate import ai_seed
from tests.instructions import _counting, played


def main(ruleset: str, battles: int, count: bool = False, save: str | None = None,
         load: str | None = None) -> None:
    played(ruleset, range(0, 1))  # the warm-up battle
    if load:
        with open(load) as f:
            recorded = [(seed, [Choice.from_json(c) for c in choices], None) for seed, choices in json.load(f)]
    else:
        recorded = played(ruleset, range(1, battles + 1))
    if save:
        with open(save, "w") as f:
            json.dump([(seed, [c.to_json() for c in choices]) for seed, choices, _ in recorded], f)
    spent, matched, asked = 0.0, 0, 0
    if count:
        _counting(True)
    for seed, choices, _ in recorded:
        battle = new_battle(_map_path("woodland.tmx"), ruleset, seed=seed)
        try:
            ais = {team: make_ai(ruleset, ai_seed(seed, team)) for team in battle.teams()}
            for choice in choices:
                start = time.process_time()
                answer = ais[battle.pending.side].decide(battle, battle.pending)
                spent += time.process_time() - start
                matched += answer == choice
                asked += 1
                battle.submit(choice)
        finally:
            battle.close()
    if count:
        _counting(False)
    print(f"{ruleset}: {asked} decisions, AI CPU {1000 * spent:.1f} ms "
          f"({1000 * spent / max(asked, 1):.3f} ms each), matched {matched}")


if __name__ == "__main__":
    argv = sys.argv[1:]
    option = {k: argv[argv.index(k) + 1] for k in ("--save", "--load") if k in argv}
    args = [a for i, a in enumerate(argv) if a != "--count" and a not in option
            and (i == 0 or argv[i - 1] not in option)]
    main(args[0], int(args[1]), "--count" in argv, option.get("--save"), option.get("--load"))
