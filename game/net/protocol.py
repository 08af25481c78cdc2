"""The network's one message schema, version 1: JSON objects over a websocket.

Every message, either way, is one JSON object with ``"v": 1`` and a ``"type"``.
Messages from a client are checked here (`read_request`) before the server looks at
them: a message that is not JSON, too big, of another version or type, or with a field
out of its bounds is one `Invalid` line, and the server answers it with an ``error``
message and changes nothing. The client checks the server's messages the same way
(`read_reply`). docs/network.md describes each message.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from game.engine.dice import SEED_LIMIT
from game.engine.flow import MAX_ROUNDS
from game.validation import Invalid, check, parse_json

VERSION = 1
#: The biggest message a client may send (a choice is under 200 bytes; an `open`
#: names a map path of at most 4096 characters). The websocket refuses bigger frames.
MAX_REQUEST_BYTES = 16 * 1024
#: The biggest message the server sends (a view with a 128 x 128 reach is ~200 KB).
MAX_REPLY_BYTES = 4 * 1024 * 1024
#: A seat: "person", or "ai:LEVEL".
_Seat = Annotated[str, Field(pattern=r"^(person|ai:[a-z]{1,16})$")]
_Code = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
_Small = Annotated[str, Field(min_length=1, max_length=64)]
_Param = Union[Annotated[str, Field(max_length=64)], int, bool, None]
#: A side's squad: template ids (or archetypes) of the ruleset, or "ai" / "ai:LEVEL" (the
#: server's AI picks to the map's budget for the side, as `simulate --squad SIDE=ai`).
_Squad = Union[Annotated[list[_Small], Field(min_length=1, max_length=32)],
               Annotated[str, Field(pattern=r"^ai(:[a-z]{1,16})?$")]]
_Side = Annotated[str, Field(pattern=r"^[1-8]$")]
#: What another seat answers when a seat is away past the server's `--away-after`.
AWAY_ANSWERS = ("wait", "adjourn", "ai")
MAX_SPECTATORS = 8


class _Message(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    v: Literal[1]


# --- from a client ----------------------------------------------------------------------
class Open(_Message):
    """Open a battle: the server answers `opened` with one code per person seat."""

    type: Literal["open"]
    map: Annotated[str, Field(min_length=1, max_length=4096)]
    ruleset: _Small
    seats: Annotated[list[_Seat], Field(min_length=2, max_length=8)]
    fog: bool = False
    seed: Annotated[int, Field(gt=-SEED_LIMIT, lt=SEED_LIMIT)] | None = None
    max_rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] | None = None
    squads: Annotated[dict[_Side, _Squad], Field(max_length=8)] | None = None
    spectators: Annotated[int, Field(ge=0, le=MAX_SPECTATORS)] = 0


_Value = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]  # 32 bytes of a hash chain, in hex


class Join(_Message):
    """Take (or take back) a person seat with its code, publishing the head of the
    chain of values it will reveal for the dice (game/net/fair_dice.py)."""

    type: Literal["join"]
    code: _Code
    head: _Value


class ChoiceBody(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    option: _Small
    target: Annotated[list[Annotated[int, Field(ge=-(2 ** 31), lt=2 ** 31)]], Field(min_length=2, max_length=2)] \
        | Annotated[int, Field(ge=0, lt=2 ** 31)] | None = None
    params: Annotated[dict[_Small, _Param], Field(max_length=8)] = {}


class Choose(_Message):
    """Answer the seat's pending decision; `turn` is the view's turn it answers, so a
    late or repeated answer cannot answer a later decision. `value`: the seat's value
    for the decision's batch of rolls (the view's `decision.index`)."""

    type: Literal["choose"]
    turn: Annotated[int, Field(ge=0, lt=2 ** 31)]
    choice: ChoiceBody
    value: _Value


class Reveal(_Message):
    """The seat's value for batch `index`, answering the server's `commit`."""

    type: Literal["reveal"]
    index: Annotated[int, Field(ge=1, lt=2 ** 31)]
    value: _Value


class Settle(_Message):
    """Answer the server's `away` offer for `side` (another seat's): wait, save and
    adjourn, or let the server's AI play it until its owner is back."""

    type: Literal["settle"]
    side: Annotated[int, Field(ge=1, le=8)]
    answer: Literal["wait", "adjourn", "ai"]


class Request(BaseModel):
    model_config = ConfigDict(strict=True)
    message: Annotated[Union[Open, Join, Choose, Reveal, Settle], Field(discriminator="type")]


# --- from the server --------------------------------------------------------------------
class Reply(_Message):
    """Any message from the server: `opened`, `joined`, `view`, `commit`, `over`, `away`,
    `seat` or `error`.
    Their fields are described in docs/network.md; the client reads what it needs."""

    model_config = ConfigDict(strict=True, extra="allow")
    type: Literal["opened", "joined", "view", "commit", "over", "away", "seat", "error"]


def read_request(raw: str | bytes) -> Open | Join | Choose | Reveal | Settle:
    """A client's message checked, or Invalid saying (in one line) what is wrong."""
    return check(Request, {"message": _json(raw, MAX_REQUEST_BYTES)}).message


def read_reply(raw: str | bytes) -> dict:
    """A server's message checked for its envelope; the dict itself."""
    data = _json(raw, MAX_REPLY_BYTES)
    check(Reply, data)
    return data


def _json(raw: str | bytes, limit: int) -> Any:
    if len(raw) > limit:
        raise Invalid(f"a message is at most {limit} bytes")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Invalid("a message must be UTF-8 text") from None
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise Invalid("a message must be a JSON object")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise Invalid(f"this server speaks version {VERSION} of the protocol (\"v\": {VERSION})")
    return data


def encode(kind: str, **fields: Any) -> str:
    """A server or client message as the text sent."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))


def error(problem: str) -> str:
    return encode("error", problem=problem)
