"""The Effects of Damage: when a figure is Unconscious or Dead (rule text).

* "If any Ability Score is reduced to 0 the character is rendered Unconscious."
* "If any single Ability Score is reduced to a value of less than 0, or if any two
  Ability Scores are ever both equal to 0 at the same time, the character is Dead."
* Instant KO: "If any one Ability Score suffers the Damage of two Hits from a single
  Offensive Action, the defender is rendered Unconscious even if no Ability Score has
  been reduced to 0."

These are pure functions over ability values, shared by the resolution and the odds.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from game.rulesets.fivebyfive.components import DEAD, UNCONSCIOUS


def condition(values: Mapping[str, int]) -> tuple[str | None, str]:
    """(DEAD, UNCONSCIOUS or None, why) from the current Ability Scores alone."""
    below = [a for a, v in values.items() if v < 0]
    zeros = [a for a, v in values.items() if v == 0]
    if below:
        return DEAD, f"{below[0].capitalize()} reduced below 0"
    if len(zeros) >= 2:
        return DEAD, f"{zeros[0].capitalize()} and {zeros[1].capitalize()} both at 0"
    if zeros:
        return UNCONSCIOUS, f"{zeros[0].capitalize()} reduced to 0"
    return None, ""


def instant_ko(picks: Sequence[str]) -> str | None:
    """The ability that took two Hits from one Offensive Action, if any."""
    seen: set[str] = set()
    for ability in picks:
        if ability in seen:
            return ability
        seen.add(ability)
    return None


def after_hits(values: Mapping[str, int], picks: Sequence[str]) -> dict[str, int]:
    out = dict(values)
    for ability in picks:
        out[ability] -= 1
    return out


def outcome(values: Mapping[str, int], picks: Sequence[str]) -> str | None:
    """The fate of a figure with `values` that takes one point on each of `picks`
    from a single Offensive Action: DEAD, UNCONSCIOUS or None (still fighting)."""
    state, _ = condition(after_hits(values, picks))
    if state is not None:
        return state
    return UNCONSCIOUS if instant_ko(picks) else None
