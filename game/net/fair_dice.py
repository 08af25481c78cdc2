"""Dice nobody can foresee or steer: hash chains, committed before and revealed after.

Every participant (the server, and each person seat) makes a hash chain: a random
secret v_N, then v_{j-1} = link(v_j) down to the head v_0, which it publishes first
(the server in `opened` and `joined`, a seat in its `join`). Revealing v_j later
proves it was fixed when the head was: only its owner could know it, and nobody can
work it out from the values revealed before it (a preimage of SHA-256).

The battle's rolls come in batches, one per index: index 1 is every roll made while
the battle is set up (round 1's initiative, say), index k + 2 every roll made while
choice k (0-based) resolves. The dice of a batch are `random.Random` seeded with

    material(i) = SHA-256("rulebook-skirmish roll" | i | the choice | the server's
                  value for i | each person seat's value for i, by side)

and each participant reveals its value for index k + 2 only once choice k is fixed:
the deciding seat with its choice; every other person seat after the server has sent
it a commitment to the choice, SHA-256("choice" | k | choice | salt) (the salt keeps
a hidden choice hidden: it is revealed with the replay at the end). So:

- a client cannot foresee a roll: it lacks the server's value and the other seats';
- the server's host cannot foresee a roll of a choice it does not make (it lacks the
  choosing seat's value until the choice is fixed), nor of a choice it makes for its
  own seat or an AI seat (it lacks the other seats' values until it has committed to
  the choice); its own values were fixed by its head before the battle began;
- nobody can steer a roll: every value is fixed by a head published before it counts.
  What remains is refusing to go on (a seat that withholds its value, a server that
  stops): the battle waits, and the one who stopped is known.

The replay records every head, every revealed value and every salt (its `"net"` key),
so `python -m game replay FILE --verify` checks every chain link, recomputes every
batch's dice and re-simulates the battle to its digest (`verify`).
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from typing import Any

from game.engine.dice import Dice

SCHEME = 1
CHAIN_LENGTH = 40_000  # values per chain: more than the decisions of a 40-round battle
SETUP = 1              # the index of the rolls made while the battle is set up


def link(value: bytes) -> bytes:
    """One step down a chain: the value revealed before `value`."""
    return hashlib.sha256(b"rulebook-skirmish chain|" + value).digest()


def index_of(turn: int) -> int:
    """The batch of rolls that choice `turn` (0-based) sets off."""
    return turn + 2


class Chain:
    """One participant's own chain; `value(i)` is what it reveals for index i when the
    chain was started (`start`) at index `start` (its head is then spent at start - 1)."""

    def __init__(self, start: int = SETUP, length: int = CHAIN_LENGTH, secret: bytes | None = None) -> None:
        values = [secret if secret is not None else secrets.token_bytes(32)]
        for _ in range(length):
            values.append(link(values[-1]))
        values.reverse()
        self.values = values          # values[0] is the head
        self.start = start

    @property
    def head(self) -> bytes:
        return self.values[0]

    def value(self, index: int) -> bytes:
        j = index - self.start + 1
        if not 1 <= j < len(self.values):
            raise ValueError(f"the chain has no value for index {index}")
        return self.values[j]


def canonical(choice_json: Any) -> bytes:
    return json.dumps(choice_json, sort_keys=True, separators=(",", ":")).encode()


def material(index: int, choice_json: Any, reveals: list[bytes | None]) -> bytes:
    """A batch's seed. A seat the server's AI stands in for (its owner away, see
    game/net/held.py) gives no value: None, mixed in as nothing (a value is 32 bytes,
    so "nothing" cannot be mistaken for one)."""
    h = hashlib.sha256(b"rulebook-skirmish roll|" + index.to_bytes(8, "big"))
    h.update(b"|" + canonical(choice_json))
    for value in reveals:
        h.update(b"|" + (value or b""))
    return h.digest()


def choice_commitment(turn: int, choice_json: Any, salt: bytes) -> bytes:
    return hashlib.sha256(b"rulebook-skirmish choice|" + turn.to_bytes(8, "big") + b"|"
                          + canonical(choice_json) + b"|" + salt).digest()


class MixedDice(Dice):
    """The battle's dice, reseeded for each batch from its material (never the seed)."""

    def __init__(self, first: bytes) -> None:
        super().__init__(0)
        self.reseed(first)

    def reseed(self, mixed: bytes) -> None:
        self._rng = random.Random(int.from_bytes(mixed, "big"))


# --- the proof, from a replay's "net" key -----------------------------------------------
class Unproven(ValueError):
    """What in a networked replay does not hold, as one line."""


def verify(data: dict) -> Any:
    """Check a networked replay's every chain link, salt and batch, and re-simulate it
    with those dice: the Battle (its digest equal to the recorded one), or Unproven."""
    from game.engine.decisions import Choice
    from game.engine.setup import new_battle
    from game.errors import IllegalChoice
    from game.replay import resolve_map

    net = data.get("net")
    if not isinstance(net, dict) or net.get("scheme") != SCHEME:
        raise Unproven(f"no \"net\" proof of scheme {SCHEME}")
    try:
        order = [str(p) for p in net["order"]]
        heads = {p: [(int(f), bytes.fromhex(h)) for f, h in net["heads"][p]] for p in order}
        batches = [[None if v is None else bytes.fromhex(v) for v in batch] for batch in net["reveals"]]
        salts = [bytes.fromhex(s) for s in net["salts"]]
        commitments = [None if c is None else bytes.fromhex(c) for c in net["commitments"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise Unproven(f"the \"net\" proof is malformed ({type(exc).__name__})") from None
    choices = list(data["choices"])
    if len(batches) != len(choices) + 1 or len(salts) != len(choices) or len(commitments) != len(choices):
        raise Unproven("the \"net\" proof has not one batch of values per choice")
    last: dict[str, bytes] = {}
    for index, batch in enumerate(batches, start=SETUP):
        if len(batch) != len(order):
            raise Unproven(f"index {index}: {len(batch)} values for {len(order)} participants")
        for who, value in zip(order, batch):
            for start, head in heads[who]:
                if start == index:
                    last[who] = head  # a new chain (a seat that joined again) from here
            if value is None and who != "server":
                continue  # the seat sat this batch out: the server's AI played it while it was away
            if value is None or who not in last or link(value) != last[who]:
                raise Unproven(f"index {index}: {who}'s value is not the next of its chain")
            last[who] = value
    for turn, (raw, salt, commitment) in enumerate(zip(choices, salts, commitments)):
        if commitment is not None and choice_commitment(turn, raw, salt) != commitment:
            raise Unproven(f"choice {turn + 1}: it is not the choice the server committed to")
    dice = MixedDice(material(SETUP, None, batches[0]))
    squads = {int(side): tuple(units) for side, units in (data.get("squads") or {}).items()}
    battle = new_battle(resolve_map(data["map"]), data["ruleset"], seed=data["seed"], squads=squads or None,
                        max_rounds=data["max_rounds"], player_sides=frozenset(data["player_sides"]), dice=dice)
    try:
        for turn, raw in enumerate(choices):
            dice.reseed(material(index_of(turn), raw, batches[turn + 1]))
            battle.submit(Choice.from_json(raw))
    except (ValueError, TypeError, IllegalChoice) as exc:
        battle.close()
        raise Unproven(f"a choice does not replay ({exc})") from None
    if battle.digest() != data["digest"]:
        battle.close()
        raise Unproven(f"digest mismatch: recorded {data['digest']}, replayed {battle.digest()}")
    return battle


def replay_file(path: Any, replay: Any) -> Any | None:
    """The battle of a replay file (its shape already checked, `replay`) when it is a
    networked one (a `"net"` key): proven and re-simulated with its dice, or SaveError
    naming the file. None for any other replay."""
    from game.errors import InputError, SaveError
    from game.validation import Invalid, parse_json, read_text

    try:
        data = parse_json(read_text(path))
    except (OSError, Invalid) as exc:
        raise SaveError(path, f"cannot be read again ({exc})") from None
    if "net" not in data:
        return None
    try:
        return verify(data)
    except Unproven as exc:
        raise SaveError(path, f"the network proof fails: {exc}") from None
    except InputError as exc:
        raise SaveError(path, f"{exc.where}: {exc.problem}") from None
