"""Every integer seed has its own dice (issue 17.10).

`random.Random(-n)` is `Random(n)` in CPython, so `simulate --seed -50 --battles 100`
played seeds -k and k with the same dice. Now a negative seed seeds from bytes naming
it; a seed of 0 or more keeps `Random(seed)`, so every replay keeps its dice, and a
replay file written before the change (no "dice": 2 key) replays a negative seed with
its old dice.
"""

import json

from game.ai import RandomController
from game.engine.dice import Dice
from game.engine.setup import new_battle
from game.replay import read_replay, replay_battle, save_replay


def faces(seed, legacy=False, n=40):
    d = Dice(seed, legacy)
    return [d.face(20) for _ in range(n)]


def test_negative_seeds_have_their_own_dice():
    streams = {tuple(faces(s)) for s in range(-50, 50)}
    assert len(streams) == 100
    assert faces(-7) == faces(-7)


def test_non_negative_seeds_keep_the_dice_they_always_had():
    import random
    r = random.Random(12)
    assert faces(12) == [r.randint(1, 20) for _ in range(40)]


def test_a_replay_written_before_the_change_keeps_its_meaning(tmp_path):
    b = new_battle("maps/arena.tmx", "fivebyfive", seed=-3, max_rounds=2, dice=Dice(-3, legacy=True))
    b.run({t: RandomController(t) for t in b.teams()})
    path = tmp_path / "old.json"
    save_replay(b, path)
    digest = b.digest()
    b.close()
    data = json.loads(path.read_text())
    del data["dice"]  # as written before issue 17.10
    path.write_text(json.dumps(data))
    again = replay_battle(read_replay(path))
    assert again.digest() == digest
    again.close()


def test_the_command_line_refuses_a_seed_beyond_the_bound(capsys):
    from game.cli import main
    assert main(["simulate", "--seed", str(2 ** 63), "--battles", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < 200
