"""AI battles replay exactly, for every ruleset on every shipped map (issue 17.1).

Each battle is played by the baseline AI on both sides, written with `save_replay`,
read back with `read_replay` and re-simulated with `replay_battle`: the digest must
match. `max_rounds` is kept short (a replay diverges early or not at all: the mahou
defect showed at choice 17) so the whole grid runs in seconds.
"""

import pytest

from game.replay import maps_dir, read_replay, replay_battle, save_replay
from game.rulesets import ruleset_ids
from game.simulate import BattleSpec, play_ai_battle

MAPS = sorted(maps_dir().glob("*.tmx"))
assert len(MAPS) >= 5, "the shipped maps were not found"
ROUNDS = {"bench128": 1}


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
@pytest.mark.parametrize("rid", ruleset_ids())
def test_ai_battle_replays_to_the_same_digest(rid, map_path, tmp_path):
    battle = play_ai_battle(BattleSpec(str(map_path), rid, 0, ROUNDS.get(map_path.stem, 3)))
    try:
        file = tmp_path / "r.json"
        save_replay(battle, file)
        digest = battle.digest()
    finally:
        battle.close()
    again = replay_battle(read_replay(file))
    try:
        assert again.digest() == digest
    finally:
        again.close()
