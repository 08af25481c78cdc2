"""The rulesets, registered by id. Each lives in its own package and imports lazily."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.errors import InputError


@dataclass(frozen=True)
class RulesetInfo:
    id: str
    name: str
    summary: str
    module: str


REGISTRY: dict[str, RulesetInfo] = {
    info.id: info
    for info in (
        RulesetInfo("d20", "d20 modern firearms",
                    "d20 + modifiers vs Dodge; 4 Actions a turn, bursts, suppression, grapples.",
                    "game.rulesets.d20"),
    )
}


def ruleset_ids() -> list[str]:
    return list(REGISTRY)


def load_ruleset(ruleset_id: str):
    """A fresh ruleset object for `ruleset_id` (its data files loaded and validated)."""
    info = REGISTRY.get(ruleset_id)
    if info is None:
        raise InputError("--ruleset", f"unknown ruleset {ruleset_id!r} (known: {', '.join(REGISTRY)})")
    module = importlib.import_module(info.module)
    return module.make_ruleset()
