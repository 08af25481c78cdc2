"""Hotkeys that stay with their action for the whole battle.

The ruleset suggests a letter for each option (`Option.hotkey`); the window keeps the
first letter it gave each option (by its key) for the rest of the battle, so "Stealth"
is the same key every turn whatever other buttons come and go. The panning keys
(W A S D) and Undo (U) are never given to an action: a key that pans never acts.
"""

from __future__ import annotations

import string

#: Letters no action gets: W A S D pan the map, U undoes.
RESERVED = frozenset("wasdu")


class Hotkeys:
    def __init__(self) -> None:
        self.table: dict[str, str] = {}

    def assign(self, options) -> None:
        """Give every option not seen before a free letter: the ruleset's own when it is
        free, else the first free letter of its label's words, else any free letter."""
        taken = set(self.table.values())
        new = [o for o in options if o.key not in self.table]
        for opt in new:   # first every ruleset's own letter, where it is free
            c = opt.hotkey.lower() if opt.hotkey else ""
            if c and c in string.ascii_lowercase and c not in RESERVED and c not in taken:
                self.table[opt.key] = c
                taken.add(c)
        for opt in new:
            if opt.key in self.table:
                continue
            words = [w for w in opt.label.lower().replace("(", " ").split() if w]
            wanted = [w[0] for w in words] + [c for w in words for c in w[1:]] + list(string.ascii_lowercase)
            letter = next((c for c in wanted if c in string.ascii_lowercase and c not in RESERVED
                           and c not in taken), "")
            self.table[opt.key] = letter
            if letter:
                taken.add(letter)

    def of(self, opt) -> str:
        """The option's letter ('' when the alphabet ran out)."""
        if opt.key not in self.table:
            self.assign([opt])
        return self.table[opt.key]

    def find(self, options, ch: str):
        """The option among `options` whose letter is `ch`, or None."""
        if not ch:
            return None
        return next((o for o in options if self.of(o) == ch), None)
