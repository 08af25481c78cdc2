"""Unfinished network battles kept on disk, so that a restarted server loses none.

`serve --state DIR` writes one file per held battle, `battle-<id>.json`, with the
game's one atomic writer (game/files.py: a reader, or a server killed mid-write, finds
the old file or the new one, never half of either) at its open, at every join, after
every choice applied, and when a seat is stood in or the battle adjourned. A finished
battle's file is removed once its `over` is sent. A choice committed but not yet
applied (its values still coming) is not written: after a restart its seat is asked
again (a seat that joins again has a new chain, so no value is spent twice).

A file holds what the battle cannot be rebuilt without: its setup (map, ruleset, seed,
squads, round limit, the person sides), the seats and their codes, every line each
seat has read, the server's own chain (its secret: the host holds the battle anyway),
every head, value, salt and commitment so far, the choices, and the batch waiting for
values. Loading re-simulates the battle with those dice (as `replay --verify` does) and
checks its digest; a file that does not load is one line, `error: <file>: <problem>`,
and is skipped (kept on disk, untouched), and the server serves the others.

An AI seat's own random stream starts again from its seed after a restart (the
choices it made before are in the record; the ones after may differ from what the
same AI would have chosen without the restart).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.net import sideview
from game.net.fair_dice import SETUP, Chain, MixedDice, index_of, material
from game.net.held import SPECTATOR, STAND_IN_LEVEL, Held, Seat, Waiting

FORMAT = "rulebook-skirmish network battle"
VERSION = 1
PREFIX, SUFFIX = "battle-", ".json"


class Unloadable(ValueError):
    """Why a state file cannot be loaded, as one line."""


def path_of(folder: Path, held: Held) -> Path:
    return Path(folder) / f"{PREFIX}{held.id}{SUFFIX}"


def _hex(value: bytes | None) -> str | None:
    return None if value is None else value.hex()


def _bytes(value: Any) -> bytes | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError("a value is not hex text")
    return bytes.fromhex(value)


def state_of(held: Held) -> dict:
    """Everything `held_from` needs, as JSON."""
    spec = dict(held.spec)
    from game.replay import map_ref
    spec["map_path"] = map_ref(spec["map_path"])
    spec["player_sides"] = sorted(spec["player_sides"])
    if spec.get("squads"):
        spec["squads"] = {str(side): list(units) for side, units in sorted(spec["squads"].items())}
    w = held.waiting
    waiting = None if w is None else {
        "index": w.index, "turn": w.turn, "choice": None if w.choice is None else w.choice.to_json(),
        "commitment": _hex(w.commitment), "salt": w.salt.hex(),
        "got": {str(s): v.hex() for s, v in sorted(w.got.items())}, "absent": sorted(w.absent)}
    battle = held.battle
    return {
        "format": FORMAT, "version": VERSION, "id": held.id, "spec": spec, "fog": held.fog,
        "size": list(held.size),
        "seats": [{"side": s.side, "kind": s.kind, "code": s.code, "lines": s.lines}
                  for s in sorted(held.seats.values(), key=lambda s: s.side)],
        "watchers": [{"code": s.code, "lines": s.lines} for s in held.watchers],
        "chain": held.chain.values[-1].hex(),
        "heads": {p: [list(h) for h in hs] for p, hs in held.heads.items()},
        "last": {str(s): v.hex() for s, v in sorted(held.last.items())},
        "batches": [[_hex(v) for v in batch] for batch in held.batches],
        "salts": [s.hex() for s in held.salts],
        "commitments": [_hex(c) for c in held.commitments],
        "choices": [] if battle is None else [c.to_json() for c in battle.choices],
        "digest": None if battle is None else battle.digest(),
        "sent": held.sent, "waiting": waiting,
        "stand_ins": sorted(held.stand_ins), "adjourned": held.adjourned,
    }


def save(folder: Path, held: Held) -> None:
    """Write the battle's file atomically (OSError names the file)."""
    from game.files import write_text
    write_text(path_of(folder, held), json.dumps(state_of(held), separators=(",", ":")) + "\n")


def drop(folder: Path, held: Held) -> None:
    path_of(folder, held).unlink(missing_ok=True)


def held_from(state: Any) -> Held:
    """A held battle back from its state, re-simulated to where it was; Unloadable."""
    from game.engine.decisions import Choice
    from game.errors import IllegalChoice, InputError

    if not isinstance(state, dict) or state.get("format") != FORMAT or state.get("version") != VERSION:
        raise Unloadable(f"not a network battle's state of version {VERSION}")
    try:
        return _rebuild(state, Choice)
    except Unloadable:
        raise
    except InputError as exc:
        raise Unloadable(f"{exc.where}: {exc.problem}") from None
    except IllegalChoice as exc:
        raise Unloadable(f"a choice does not replay ({exc})") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise Unloadable(f"a malformed state ({type(exc).__name__}: {str(exc)[:80]})") from None


def _rebuild(state: dict, Choice: Any) -> Held:
    from game.ai.levels import check_level, make_ai
    from game.engine.setup import new_battle
    from game.replay import resolve_map

    raw = state["spec"]
    spec = {"map_path": resolve_map(str(raw["map_path"])), "ruleset_id": str(raw["ruleset_id"]),
            "seed": int(raw["seed"]), "player_sides": frozenset(int(s) for s in raw["player_sides"])}
    if raw.get("max_rounds") is not None:
        spec["max_rounds"] = int(raw["max_rounds"])
    if raw.get("squads"):
        spec["squads"] = {int(side): tuple(str(u) for u in units) for side, units in raw["squads"].items()}
    seats, ais = {}, {}
    for entry in state["seats"]:
        side, kind = int(entry["side"]), str(entry["kind"])
        seats[side] = Seat(side, kind, str(entry["code"]), lines=[str(x) for x in entry["lines"]])
        if kind.startswith("ai:"):
            ais[side] = make_ai(spec["ruleset_id"], spec["seed"] + side,
                                check_level(spec["ruleset_id"], kind[3:], "seat"))
        elif kind != "person":
            raise Unloadable(f"seat {side}: unknown kind {kind[:40]!r}")
    watchers = [Seat(0, SPECTATOR, str(w["code"]), lines=[str(x) for x in w["lines"]]) for w in state["watchers"]]
    chain = Chain(SETUP, secret=_bytes(state["chain"]))
    heads = {str(p): [(int(i), str(h)) for i, h in hs] for p, hs in state["heads"].items()}
    if heads["server"][0][1] != chain.head.hex():
        raise Unloadable("the server's chain is not the one its head announced")
    held = Held(int(state["id"]), spec, bool(state["fog"]), seats, ais, watchers, chain)
    held.size = tuple(int(v) for v in state["size"])
    held.heads = heads
    held.last = {int(s): _bytes(v) for s, v in state["last"].items()}
    held.batches = [[_bytes(v) for v in batch] for batch in state["batches"]]
    held.salts = [_bytes(s) for s in state["salts"]]
    held.commitments = [_bytes(c) for c in state["commitments"]]
    choices = [Choice.from_json(c) for c in state["choices"]]
    if held.batches:
        if len(held.batches) != len(choices) + 1:
            raise Unloadable("not one batch of values per choice")
        held.dice = MixedDice(material(SETUP, None, held.batches[0]))
        held.battle = new_battle(dice=held.dice, **spec)
        for turn, choice in enumerate(choices):
            held.dice.reseed(material(index_of(turn), choice.to_json(), held.batches[turn + 1]))
            held.battle.submit(choice)
        if held.battle.digest() != state["digest"]:
            held.battle.close()
            raise Unloadable("the battle does not replay to its recorded digest")
        held.pre = sideview.picture(held.battle)
        held.sent = len(held.battle.log)
    elif choices:
        raise Unloadable("choices without the set-up's values")
    w = state["waiting"]
    if w is not None:
        held.waiting = Waiting(int(w["index"]), None if w["turn"] is None else int(w["turn"]),
                               None if w["choice"] is None else Choice.from_json(w["choice"]),
                               _bytes(w["commitment"]), _bytes(w["salt"]) or b"",
                               {int(s): _bytes(v) for s, v in w["got"].items()},
                               absent={int(s) for s in w["absent"]})
        if held.waiting.index != held.next_index:
            raise Unloadable(f"the waiting batch {held.waiting.index} is not the next ({held.next_index})")
        if held.waiting.choice is not None:
            held.waiting.choice = held.battle.pending.validate(held.waiting.choice)
    for side in state["stand_ins"]:
        held.stand_ins[int(side)] = make_ai(spec["ruleset_id"], spec["seed"] + int(side), STAND_IN_LEVEL)
    held.adjourned = bool(state["adjourned"])
    return held


def load_all(folder: Path, report: Any) -> list[Held]:
    """Every battle kept in `folder`, by id; a file that does not load is reported (one
    line, `report(line)`) and skipped."""
    from game.validation import Invalid, parse_json, read_text

    out = []
    folder = Path(folder)
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob(f"{PREFIX}*{SUFFIX}")):
        try:
            held = held_from(parse_json(read_text(path)))
            if path.name != path_of(folder, held).name:
                held.battle and held.battle.close()
                raise Unloadable(f"holds battle {held.id}, not the one its name says")
        except (OSError, Invalid, Unloadable) as exc:
            report(f"error: {path}: {getattr(exc, 'strerror', None) or exc}")
            continue
        out.append(held)
    return sorted(out, key=lambda h: h.id)
