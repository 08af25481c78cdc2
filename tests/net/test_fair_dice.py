"""Dice nobody can foresee or steer: the hash chains and the proof (game/net/fair_dice.py).

What is tested: a chain's values link back to its head by SHA-256 (worked out here with
hashlib, not with the module's own `link`); a batch's dice change with any one
participant's value; and a networked battle's replay proves out, while a replay whose
value, salt, choice or head was changed is refused with the index or choice named, by
`verify` and by `python -m game replay FILE --verify` (exit 2, one line).
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import random

import pytest

from game.cli import main
from game.net import client, fair_dice
from game.net.fair_dice import Chain, MixedDice, Unproven, material
from tests.net.helpers import open_seats, play_all, request, running


def test_a_chain_links_back_to_its_head():
    chain = Chain(start=5, length=4, secret=b"s" * 32)
    step = lambda v: hashlib.sha256(b"rulebook-skirmish chain|" + v).digest()  # noqa: E731
    assert chain.values[4] == b"s" * 32 and chain.head == step(step(step(step(b"s" * 32))))
    assert chain.value(5) == step(step(step(b"s" * 32)))   # the first value revealed: index 5
    assert step(chain.value(6)) == chain.value(5) and step(chain.value(5)) == chain.head
    with pytest.raises(ValueError):
        chain.value(9)   # a chain of 4 values serves indexes 5 to 8


def test_a_batch_of_dice_changes_with_any_one_value():
    values = [b"a" * 32, b"b" * 32, b"c" * 32]

    def faces(vs):
        return MixedDice(material(3, {"option": "x"}, vs)).roll(12, 20).faces
    base = faces(values)
    # the material, worked out by hand: SHA-256 of the index, the choice and each value
    mixed = hashlib.sha256(b"rulebook-skirmish roll|" + (3).to_bytes(8, "big") + b'|{"option":"x"}'
                           + b"|" + b"a" * 32 + b"|" + b"b" * 32 + b"|" + b"c" * 32).digest()
    rng = random.Random(int.from_bytes(mixed, "big"))
    assert base == tuple(rng.randint(1, 20) for _ in range(12))
    for i in range(3):
        changed = list(values)
        changed[i] = b"z" * 32
        assert faces(changed) != base
    assert faces(values) == base  # the same values, the same dice


@pytest.fixture(scope="module")
def networked(tmp_path_factory) -> tuple[dict, str]:
    async def go():
        async with running() as (where, server):
            opened = await open_seats(where, request("fivebyfive", rounds=2, map_="maps/arena.tmx"))
            return (await play_all(where, opened))[1]["replay"]
    data = asyncio.run(asyncio.wait_for(go(), 60))
    path = tmp_path_factory.mktemp("net") / "battle.json"
    path.write_text(json.dumps(data))
    return data, str(path)


def test_a_networked_replay_proves_out(networked, capsys):
    data, path = networked
    fair_dice.verify(data).close()
    assert main(["replay", path, "--verify"]) == 0
    assert capsys.readouterr().out.strip() == f"verified: {data['digest']}"


def _tampered(data, edit) -> dict:
    bad = copy.deepcopy(data)
    edit(bad)
    return bad


@pytest.mark.parametrize("edit, problem", [
    (lambda d: d["net"]["reveals"][2].__setitem__(1, "00" * 32), "index 3: 1's value is not the next of its chain"),
    (lambda d: d["net"]["reveals"][1].__setitem__(0, "00" * 32), "index 2: server's value is not the next"),
    (lambda d: d["net"]["heads"]["2"][0].__setitem__(1, "00" * 32), "index 1: 2's value is not the next"),
    (lambda d: d["net"]["salts"].__setitem__(0, "00" * 16), "choice 1: it is not the choice the server committed to"),
    (lambda d: d["choices"][0].__setitem__("option", "end_turn"), "choice 1: it is not the choice"),
    (lambda d: d["net"]["reveals"].pop(), "not one batch of values per choice"),
    (lambda d: d.__setitem__("digest", "0" * 64), "digest mismatch"),
])
def test_a_changed_proof_is_caught(networked, tmp_path, capsys, edit, problem):
    data, _ = networked
    bad = _tampered(data, edit)
    with pytest.raises(Unproven, match=problem.split(":")[0]):
        fair_dice.verify(bad)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: {path}: the network proof fails: ") and problem in err
