"""How the window asks a person a reaction: which answers a prompt shows, and their numbers.

Two things a player met in mahou (issue 30 item 9), one enemy shot asking two or three
times and "No defence" numbered 5, then 3:

- **Numbers stay put.** A prompt that follows another for the same unit and the same
  attack (mahou asks before the roll, after it, and again after each defence) keeps
  each answer's number while the answer is offered; an answer that comes new takes the
  lowest free number. The buttons are laid out in number order.
- **Asked once where the rules allow.** mahou's spot defences "can be declared before
  or after an attack roll is made" (Spot Block, Spot Parry, Spot Dodge), and the
  ruleset offers them at both prompts (`combat.react`). Declared after the roll they do
  all they could before it (the defender must still be hit, a crit still needs double
  the number, the cost is the same), and they are asked only if the attack hits. So
  the prompt before the roll shows them not: it offers the active defences, which only
  that prompt can, and "No defence" (read "Wait for the roll"). With no active defence
  to offer, the window answers that prompt "No defence" itself and the player is asked
  once, after the roll, if it hits. The choice still goes through `Battle.submit`, so a
  replay holds it as any other answer.
"""
from __future__ import annotations

from game.engine.decisions import REACTION, Decision, Option

# ruleset id -> (context phase that comes first, option-key prefix of the answers the
# rules offer again at the later prompt, the pass's key); mahou-galaxy.txt, Spot Block /
# Parry / Dodge: "This can be declared before or after an attack roll is made"
LATER = {"mahou": ("before", "spot_", "pass")}


def _context(decision: Decision) -> dict:
    return decision.context if hasattr(decision.context, "get") else {}


def deferred(ruleset_id: str, decision: Decision) -> set[str]:
    """The keys of `decision`'s answers the rules offer again at the attack's next prompt."""
    rule = LATER.get(ruleset_id)
    if rule is None or decision.kind != REACTION or _context(decision).get("phase") != rule[0]:
        return set()
    if decision.option(rule[2]) is None:
        return set()
    return {o.key for o in decision.options if o.key.startswith(rule[1])}


def answered_later(ruleset_id: str, decision: Decision) -> Option | None:
    """The pass the window gives for the player when every other answer of this prompt
    comes again later (nothing is lost by waiting); None when the player must be asked."""
    later = deferred(ruleset_id, decision)
    if not later:
        return None
    rest = [o for o in decision.options if o.key not in later]
    pass_key = LATER[ruleset_id][2]
    return rest[0] if len(rest) == 1 and rest[0].key == pass_key else None


def chain_key(decision: Decision) -> tuple:
    """What makes two prompts one run of asking: the unit asked and what it answers."""
    ctx = _context(decision)
    return (decision.actor, ctx.get("trigger"), ctx.get("attacker"), ctx.get("target"), ctx.get("unit"))


class ReactionNumbers:
    """Each answer's number (1-9, then 0) on a reaction prompt, kept while it is offered
    across the prompts of one run (`chain_key`); a prompt of another run starts at 1."""

    def __init__(self) -> None:
        self._chain: tuple | None = None
        self._numbers: dict[str, int] = {}
        self._decision: Decision | None = None

    def assign(self, decision: Decision, shown: list[Option]) -> dict[str, int]:
        """Numbers for `shown` (the answers the prompt shows): kept from the previous prompt
        of the same run, new ones the lowest free. Asking again for the same decision
        changes nothing."""
        if decision is self._decision:
            return dict(self._numbers)
        key = chain_key(decision)
        kept = {k: n for k, n in self._numbers.items() if k in {o.key for o in shown}} \
            if key == self._chain else {}
        used = set(kept.values())
        for opt in shown:
            if opt.key not in kept:
                n = next(i for i in range(1, len(shown) + len(used) + 2) if i not in used)
                kept[opt.key] = n
                used.add(n)
        self._chain, self._numbers, self._decision = key, kept, decision
        return dict(kept)

    def forget(self) -> None:
        """A decision of another kind came between: the next prompt starts afresh."""
        self._chain, self._numbers, self._decision = None, {}, None


def shown_options(ruleset_id: str, decision: Decision, numbers: ReactionNumbers) -> list[tuple[int, Option]]:
    """(number, answer) of a reaction prompt in number order, without the answers it
    leaves to the attack's next prompt."""
    later = deferred(ruleset_id, decision)
    shown = [o for o in decision.options if o.key not in later]
    nums = numbers.assign(decision, shown)
    return sorted(((nums[o.key], o) for o in shown), key=lambda p: p[0])


def key_label(number: int) -> str:
    """The key that picks number `number`: 1-9, and 0 for the tenth."""
    return str(number % 10) if number <= 10 else ""
