"""The rulesets, registered by id. Each lives in its own package and imports lazily."""

from __future__ import annotations

import importlib
import importlib.util
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
        RulesetInfo("fate", "4dF (Enter the Machine)",
                    "Everyone declares slowest-first, then all of it happens at once; 4dF vs 4dF.",
                    "game.rulesets.fate"),
        RulesetInfo("fivebyfive", "5x5 (Xceptional)",
                    "d5 x d5 against ability targets; hits damage Rage, Grace or Precognition.",
                    "game.rulesets.fivebyfive"),
        RulesetInfo("mahou", "Mahou Galaxy",
                    "Exploding stat dice, stances, spot and active defences, partial turns.",
                    "game.rulesets.mahou"),
        RulesetInfo("actionblock", "Action Block (Miridon Hunters)",
                    "Spend speed and strength points; 2d6 vs evasion, blocks and grapples.",
                    "game.rulesets.actionblock"),
    )
}


def available(info: RulesetInfo) -> bool:
    """Whether the ruleset's package is present in this build."""
    return importlib.util.find_spec(info.module) is not None


def ruleset_ids() -> list[str]:
    return [rid for rid, info in REGISTRY.items() if available(info)]


def load_ruleset(ruleset_id: str, custom=None):
    """A fresh ruleset object for `ruleset_id` (its data files loaded and validated);
    `custom`: a designer's own units for it (game.custom_units.CustomUnits), or None."""
    info = REGISTRY.get(ruleset_id)
    if info is None or not available(info):
        raise InputError("--ruleset", f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    if custom is not None and custom.ruleset != ruleset_id:
        raise InputError(custom.source, f"the units are for {custom.ruleset}, the battle plays {ruleset_id}")
    module = importlib.import_module(info.module)
    return module.make_ruleset() if custom is None else module.make_ruleset(custom)
