"""Decisions a battle asks for, the options they offer, and the choices that answer.

The ruleset's flow yields a `Decision` whenever somebody must choose. Every answer,
whether a person's click, the AI's pick or a line of a replay file, is a `Choice`,
checked by `Decision.validate` before the ruleset sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, Mapping

import numpy as np

from game.errors import IllegalChoice

Tile = tuple[int, int]
Target = Tile | int | None

#: What an option's target is: nothing, a map tile, or a unit (entity id).
TARGET_NONE, TARGET_TILE, TARGET_UNIT = "none", "tile", "unit"

#: Kinds of decision: a unit's turn action, a reaction during someone else's
#: action, a declaration made before resolution, or a pick among outcomes.
TURN, REACTION, DECLARE, PICK = "turn", "reaction", "declare", "pick"

class TileSet(Sequence):
    """Target tiles given as a boolean grid ``[x, y]`` (a reach, say).

    Membership is one array lookup, so validating a move costs nothing; the sorted
    list of tiles (by x, then y) is built only if someone iterates or indexes it.
    """

    def __init__(self, mask: np.ndarray) -> None:
        self.mask = mask
        self._list: list[Tile] | None = None

    def _tiles(self) -> list[Tile]:
        if self._list is None:
            self._list = list(map(tuple, np.argwhere(self.mask).tolist()))
        return self._list

    def __contains__(self, tile: object) -> bool:
        if not (isinstance(tile, tuple) and len(tile) == 2
                and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in tile)):
            return False
        x, y = tile
        return 0 <= x < self.mask.shape[0] and 0 <= y < self.mask.shape[1] and bool(self.mask[x, y])

    def __iter__(self):
        return iter(self._tiles())

    def __len__(self) -> int:
        return len(self._list) if self._list is not None else int(np.count_nonzero(self.mask))

    def __getitem__(self, index):
        return self._tiles()[index]

    def __bool__(self) -> bool:
        return bool(self.mask.any())

    def __repr__(self) -> str:
        return f"TileSet({len(self)} tiles)"


class LazyTargets(Sequence):
    """An option's targets (a tuple) worked out when first read: iterated, indexed,
    measured or asked `in`. For an option offered only when the ruleset already knows
    it has a target (so `bool` is True without working them out), where a decider
    often picks another option and never reads them (a fate move's reach).

    `compute` may run after the decision is answered, when the battle has gone on: it
    must read nothing that changes (the ruleset captures the state it needs).

    `holds(target)`, if given, answers `target in` without working them out when it
    can: True or False for sure, None when it cannot tell (then they are worked out).
    The same rule as `compute`, so it too may run late.
    """

    __slots__ = ("_compute", "_tuple", "_holds")

    def __init__(self, compute, holds=None) -> None:
        self._compute = compute
        self._holds = holds
        self._tuple: tuple | None = None

    def _targets(self) -> tuple:
        found = self._tuple
        if found is None:
            compute = self._compute
            if compute is None:  # another thread has just worked them out
                return self._tuple
            found = self._tuple = tuple(compute())
            self._compute = self._holds = None  # let go of what they captured
        return found

    def __contains__(self, target: object) -> bool:
        holds = self._holds
        if holds is not None and self._tuple is None:
            sure = holds(target)
            if sure is not None:
                return sure
        return target in self._targets()

    def __iter__(self):
        return iter(self._targets())

    def __len__(self) -> int:
        return len(self._targets())

    def __getitem__(self, index):
        return self._targets()[index]

    def __bool__(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyTargets):
            other = other._targets()
        return self._targets() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LazyTargets({self._tuple!r})" if self._tuple is not None else "LazyTargets(not read yet)"


class Later:
    """A context entry to work out when first read (see `LazyContext`)."""

    __slots__ = ("compute",)

    def __init__(self, compute) -> None:
        self.compute = compute


class LazyContext(Mapping):
    """A decision's context whose costlier entries (given as `Later`) are worked out
    when first read: the same keys in the same order, the same values. A decider that
    reads two entries pays for two (`dict(context)` reads them all).

    An entry may be read after the decision is answered, when the battle has gone on:
    its `compute` must read nothing that changes (the ruleset captures what it needs).
    """

    __slots__ = ("_entries",)

    def __init__(self, entries: dict) -> None:
        self._entries = entries

    def __getitem__(self, key: str) -> Any:
        value = self._entries[key]
        if type(value) is Later:
            value = self._entries[key] = value.compute()  # same key: no resize mid-iteration
        return value

    def get(self, key: str, default: Any = None) -> Any:
        value = self._entries.get(key, default)
        if type(value) is Later:
            value = self._entries[key] = value.compute()
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self):
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"LazyContext({dict(self)!r})"


@dataclass(frozen=True, eq=False)
class Option:
    """One thing the decider may do, with everything needed to draw or enumerate it.

    `params` maps each parameter (fire mode, hit location, stance...) to its allowed
    values, the first being the default. `param_limits` narrows them per target
    (e.g. only the torso against a concealed target).
    """

    key: str
    label: str
    cost: str = ""
    target_kind: str = TARGET_NONE
    targets: tuple = ()
    params: Mapping[str, tuple] = field(default_factory=dict)
    param_limits: Mapping[Any, Mapping[str, tuple]] = field(default_factory=dict)
    hotkey: str = ""
    description: str = ""
    offensive: bool = False

    def params_for(self, target: Target) -> Mapping[str, tuple]:
        limits = self.param_limits.get(target)
        if not limits:
            return self.params
        merged = dict(self.params)
        merged.update(limits)
        return merged

    def choice(self, target: Target = None, **params: Any) -> "Choice":
        return Choice(self.key, target, tuple(sorted(params.items())) if params else ())


@dataclass(frozen=True)
class Choice:
    """An answer to a Decision: which option, at what target, with which parameters."""

    option: str
    target: Target = None
    params: tuple[tuple[str, Any], ...] = ()

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_json(self) -> dict:
        target = list(self.target) if isinstance(self.target, tuple) else self.target
        return {"option": self.option, "target": target, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Any) -> "Choice":
        if not isinstance(data, dict) or not isinstance(data.get("option"), str):
            raise ValueError("a choice must be an object with an 'option' string")
        target = data.get("target")
        if isinstance(target, list):
            if len(target) != 2 or not all(isinstance(v, int) for v in target):
                raise ValueError(f"bad tile target {target!r}")
            target = (target[0], target[1])
        elif target is not None and not isinstance(target, int):
            raise ValueError(f"bad target {target!r}")
        params = data.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError("'params' must be an object")
        return cls(data["option"], target, tuple(sorted(params.items())))


@dataclass(frozen=True, eq=False)
class Decision:
    """A point where one side must choose for one unit."""

    actor: int
    side: int
    kind: str
    options: tuple[Option, ...]
    prompt: str = ""
    context: Mapping[str, Any] = field(default_factory=dict)

    def option(self, key: str) -> Option | None:
        for opt in self.options:
            if opt.key == key:
                return opt
        return None

    def validate(self, choice: Choice) -> Choice:
        """Return the choice with defaults filled in, or raise IllegalChoice."""
        if not isinstance(choice, Choice):
            raise IllegalChoice(f"not a choice: {choice!r}")
        opt = self.option(choice.option)
        if opt is None:
            offered = ", ".join(o.key for o in self.options)
            raise IllegalChoice(f"'{choice.option}' is not offered here (offered: {offered})")
        if opt.target_kind == TARGET_NONE:
            if choice.target is not None:
                raise IllegalChoice(f"'{opt.key}' takes no target")
        elif choice.target not in opt.targets:
            raise IllegalChoice(f"{choice.target!r} is not a legal target for '{opt.key}'")
        allowed = opt.params_for(choice.target)
        given = dict(choice.params)
        unknown = set(given) - set(allowed)
        if unknown:
            raise IllegalChoice(f"'{opt.key}' has no parameter {sorted(unknown)[0]!r}")
        filled = {}
        for name, values in allowed.items():
            value = given.get(name, values[0] if values else None)
            if value not in values:
                raise IllegalChoice(f"{name}={value!r} is not allowed for '{opt.key}' here "
                                    f"(allowed: {', '.join(map(str, values))})")
            filled[name] = value
        return Choice(opt.key, choice.target, tuple(sorted(filled.items())))
