"""Log lines the window words better than an event's own `describe()`.

A d20 initiative tie reroll describes itself as a new total ("d20 12 + 4 = 16 (reroll
to break a tie at 6)"), which reads as if the unit's initiative were now 16. Read with
the rerolls beside it, it says what it is: "ties at 6 with Scout 2-1; reroll d20 12 + 4
= 16 puts it first among them".
"""

from __future__ import annotations

import re

_TIE = re.compile(r"\(reroll to break a tie at (-?\d+)\)")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def reworded(events) -> dict[int, str]:
    """{index in `events`: the line to show instead of its describe()}."""
    out: dict[int, str] = {}
    runs: list[list[int]] = []
    for i, ev in enumerate(events):
        note = getattr(ev, "note", "")
        m = _TIE.fullmatch(note.strip()) if isinstance(note, str) and note else None
        if m is None or not hasattr(ev, "total"):
            continue
        run = runs[-1] if runs else None
        prev = events[run[-1]] if run else None
        if (run and run[-1] == i - 1 and getattr(prev, "note", None) == note
                and all(events[j].unit != ev.unit for j in run)):
            run.append(i)
        else:
            runs.append([i])
    for run in runs:
        if len(run) < 2:
            continue
        evs = [events[i] for i in run]
        at = _TIE.fullmatch(evs[0].note.strip()).group(1)
        for i, ev in zip(run, evs):
            others = ", ".join(o.name for o in evs if o is not ev)
            same = [o for o in evs if o.total == ev.total and o is not ev]
            if same:
                where = "ties again (another reroll follows)"
            else:
                rank = sum(1 for o in evs if o.total > ev.total)
                where = f"puts it {_ORDINALS[rank] if rank < len(_ORDINALS) else f'#{rank + 1}'} among them"
            out[i] = (f"{ev.name} ties at {at} with {others}; reroll d20 {ev.face} + {ev.modifier}"
                      f" = {ev.total} {where}")
    return out
