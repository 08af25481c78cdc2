"""A battle the server holds: its seats, and the commit-reveal steps of its dice.

No input or output here: the server (game.net.server) reads messages, calls these
steps, and sends what they return. A step that refuses raises `Refused` and changes
nothing. The scheme is game/net/fair_dice.py's.

A battle is built once every person seat has joined (published its chain's head) and
revealed its value for the set-up rolls; then each choice waits, before it is applied,
for every person seat's value for its batch of rolls: but for a seat the server's AI
stands in for (its owner away, and another seat answered "let the AI play it"), which
sits out every batch begun while it is stood in (its value recorded as null).

Spectators (`watchers`) hold a code but no side: they read, never choose, and give no
values to the dice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from game.engine.decisions import Choice
from game.errors import IllegalChoice
from game.net import fair_dice, sideview
from game.net.fair_dice import SETUP, Chain, index_of, link

MAX_AI_DECISIONS = 100_000  # one battle's AI turns in a row (a battle of 40 rounds makes < 10,000)


class Refused(Exception):
    """A step refused: one line, nothing changed."""


SPECTATOR = "spectator"
STAND_IN_LEVEL = "normal"  # the level the server plays an away seat at


@dataclass
class Seat:
    side: int                  # 0 for a spectator
    kind: str                  # "person", "ai:LEVEL" or "spectator"
    code: str = ""             # a person or spectator seat's code (128 bits, URL-safe)
    link: Any = None           # the connection now playing it
    lines: list[str] = field(default_factory=list)   # every line the side has read
    away_since: float | None = None  # when its connection dropped (the server's clock)
    offered: bool = False      # the other seats were offered wait / adjourn / AI this absence

    @property
    def person(self) -> bool:
        return self.kind == "person"


@dataclass
class Waiting:
    """A batch of rolls waiting for its values: the set-up (`turn` None) or a choice."""

    index: int
    turn: int | None
    choice: Choice | None
    commitment: bytes | None
    salt: bytes
    got: dict[int, bytes] = field(default_factory=dict)
    asked: set[int] = field(default_factory=set)   # the seats sent its commit message
    absent: set[int] = field(default_factory=set)  # stood-in seats: no value of theirs in this batch


class Held:
    def __init__(self, ident: int, spec: dict, fog: bool, seats: dict[int, Seat], ais: dict[int, Any],
                 watchers: list[Seat] | None = None, chain: Chain | None = None) -> None:
        self.id = ident
        self.spec = spec           # new_battle's arguments but the dice (squads included)
        self.fog = fog
        self.seats = seats
        self.ais = ais
        self.watchers = watchers or []
        self.stand_ins: dict[int, Any] = {}  # person sides the server's AI plays while away
        self.adjourned = False     # saved and let go until a seat joins again
        self.demo: Any = None      # the server's task playing a demo (AI seats only)
        self.people = sorted(s.side for s in seats.values() if s.person)
        self.battle: Any = None
        self.dice: fair_dice.MixedDice | None = None
        self.chain = chain or Chain(SETUP)  # the server's own
        self.heads: dict[str, list[tuple[int, str]]] = {"server": [(SETUP, self.chain.head.hex())]}
        self.last: dict[int, bytes] = {}
        self.batches: list[list[bytes]] = []
        self.salts: list[bytes] = []
        self.commitments: list[bytes | None] = []
        self.waiting: Waiting | None = None
        self.pre: Any = None       # the board before the events not yet sent (sideview.Picture)
        self.sent = 0              # how many log events the seats have been sent
        self.size = (1, 1)         # the map's width and height

    @property
    def turn(self) -> int:
        return len(self.battle.choices) if self.battle is not None else 0

    @property
    def next_index(self) -> int:
        return len(self.batches) + SETUP

    @property
    def all_ai(self) -> bool:
        """Every side an AI seat (a demo): spectators see everything."""
        return not self.people

    def waits_on(self, side: int) -> bool:
        """Whether the battle cannot go on without this person seat now: its decision
        is pending, or a batch awaits its value (or the set-up, its join)."""
        if side not in self.people or side in self.stand_ins:
            return False
        w = self.waiting
        if w is not None:
            return side not in w.got and side not in w.absent
        if self.battle is None:
            return side not in self.last
        pending = self.battle.pending
        return pending is not None and pending.side == side

    def stand_in(self, side: int) -> list[tuple[int, str]]:
        """The server's AI plays `side` (a person seat whose owner is away) until it
        joins again; the commit messages to send."""
        from game.ai.levels import make_ai
        if side not in self.people or side in self.stand_ins or self.battle is None:
            raise Refused(f"settle: side {side} cannot be played by the server now")
        self.stand_ins[side] = make_ai(self.spec["ruleset_id"], self.spec["seed"] + side, STAND_IN_LEVEL)
        if self.waiting is not None and side not in self.waiting.got:
            self.waiting.absent.add(side)
        return self._resolve_or_ask()

    # --- seats -------------------------------------------------------------------------
    def join(self, seat: Seat, head: bytes) -> int:
        """A seat publishes the head of its chain; the index its chain starts at."""
        start = self.next_index
        if self.waiting is not None and (seat.side in self.waiting.got or seat.side in self.waiting.absent):
            start += 1  # its value for this batch is in (or not wanted): its new chain serves the next
        self.stand_ins.pop(seat.side, None)  # its owner is back: the server's AI stops
        self.adjourned = False
        self.heads.setdefault(str(seat.side), []).append((start, head.hex()))
        self.last[seat.side] = head
        if self.waiting is not None:
            self.waiting.asked.discard(seat.side)  # its new connection has not been asked yet
        return start

    def begin_if_ready(self) -> list[tuple[int, str]]:
        """Once every person seat has a chain, ask them for the set-up values:
        [(side, commit message)]."""
        if self.battle is not None or self.waiting is not None or any(s not in self.last for s in self.people):
            return []
        self.waiting = Waiting(SETUP, None, None, None, b"")
        return self._resolve_or_ask()

    def pending_asks(self, side: int) -> list[tuple[int, str]]:
        """The commit message a seat (back after a drop) owes its value for, unless it
        has been sent on this connection already (each is sent once: a second one
        would ask the seat for a value it has given)."""
        w = self.waiting
        if w is None or side not in self.people or side in w.got or side in w.asked or side in w.absent:
            return []
        w.asked.add(side)
        return [(side, self._commit_text(w))]

    # --- choices and values --------------------------------------------------------------
    def choose(self, seat: Seat, turn: int, raw: dict, value: bytes) -> list[tuple[int, str]]:
        battle = self.battle
        pending = battle.pending if battle is not None else None
        if pending is None or pending.side != seat.side or self.waiting is not None \
                or seat.side in self.stand_ins:
            raise Refused("choose: no decision of this seat is pending")
        if turn != self.turn:
            raise Refused(f"choose: turn {turn} is not the pending turn {self.turn}")
        try:
            choice = pending.validate(Choice.from_json(raw))
            if self.fog and isinstance(choice.target, int) and pending.option(choice.option).target_kind == "unit" \
                    and choice.target not in sideview.visible_units(battle, seat.side, True):
                raise IllegalChoice(f"{choice.target!r} is not a legal target for '{choice.option}'")
        except (ValueError, IllegalChoice) as exc:
            raise Refused(f"choose: {exc}") from None
        self._check_value(seat.side, value)
        self._wait_for(choice, {seat.side: value})
        return self._resolve_or_ask()

    def reveal(self, seat: Seat, index: int, value: bytes) -> list[tuple[int, str]]:
        w = self.waiting
        if w is None or w.index != index or seat.side in w.got or seat.side not in self.people \
                or seat.side in w.absent:
            raise Refused(f"reveal: no value of index {index} is awaited from this seat")
        self._check_value(seat.side, value)
        w.got[seat.side] = value
        return self._resolve_or_ask()

    def _check_value(self, side: int, value: bytes) -> None:
        if link(value) != self.last[side]:
            # a changed contribution: it is not the value the seat's head committed it to
            raise Refused("reveal: the value is not the next of the seat's chain")

    def _wait_for(self, choice: Choice, got: dict[int, bytes]) -> None:
        turn = self.turn
        salt = secrets.token_bytes(16)
        commitment = fair_dice.choice_commitment(turn, choice.to_json(), salt)
        self.waiting = Waiting(index_of(turn), turn, choice, commitment, salt, dict(got),
                               absent=set(self.stand_ins))

    def _commit_text(self, w: Waiting) -> str:
        from game.net import protocol
        return protocol.encode("commit", index=w.index, turn=w.turn,
                               commitment=None if w.commitment is None else w.commitment.hex())

    def demo_step(self) -> list[tuple[int, str]]:
        """A battle of AI seats only (a demo): set up, or play one AI choice."""
        if self.battle is None:
            return self.begin_if_ready()
        return self._resolve_or_ask(one=True)

    def _resolve_or_ask(self, one: bool = False) -> list[tuple[int, str]]:
        """Apply every batch whose values are all in, letting AI seats choose, until a
        person must choose or values are awaited (or, `one`, a choice is applied): the
        commit messages to send."""
        for _ in range(MAX_AI_DECISIONS):
            w = self.waiting
            if w is None:
                if not self.people and not one:
                    return []  # a demo goes one choice at a time (demo_step), paced by the server
                pending = self.battle.pending
                ai = None if pending is None else self.ais.get(pending.side) or self.stand_ins.get(pending.side)
                if ai is None:
                    return []
                choice = pending.validate(ai.decide(self.battle, pending))
                self._wait_for(choice, {})
                continue
            missing = [s for s in self.people if s not in w.got and s not in w.absent]
            if missing:
                text = self._commit_text(w)
                asks = [(s, text) for s in missing if s not in w.asked]
                w.asked.update(missing)
                return asks
            self._apply(w)
            if one and w.turn is not None:
                return []
        raise RuntimeError(f"the AI seats made {MAX_AI_DECISIONS} decisions in a row")

    def _apply(self, w: Waiting) -> None:
        batch = [self.chain.value(w.index)] + [w.got.get(s) for s in self.people]
        raw = None if w.choice is None else w.choice.to_json()
        mixed = fair_dice.material(w.index, raw, batch)
        if w.turn is None:
            from game.engine.setup import new_battle
            self.dice = fair_dice.MixedDice(mixed)
            self.battle = new_battle(dice=self.dice, **self.spec)
            self.pre = sideview.picture(self.battle)
        else:
            self.dice.reseed(mixed)
            self.battle.submit(w.choice)
            self.salts.append(w.salt)
            self.commitments.append(w.commitment)
        self.batches.append(batch)
        for side, value in w.got.items():
            self.last[side] = value
        self.waiting = None

    # --- the record ------------------------------------------------------------------------
    def proof(self) -> dict:
        """The replay's "net" key (game.net.fair_dice.verify reads it)."""
        order = ["server"] + [str(s) for s in self.people]
        return {"scheme": fair_dice.SCHEME, "order": order,
                "heads": {p: [list(h) for h in self.heads.get(p, [])] for p in order},
                "reveals": [[None if v is None else v.hex() for v in batch] for batch in self.batches],
                "salts": [s.hex() for s in self.salts],
                "commitments": [None if c is None else c.hex() for c in self.commitments]}

    def replay(self) -> dict:
        from game.replay import replay_data
        return {**replay_data(self.battle, self.spec.get("squads")), "net": self.proof()}
