"""What lives for the whole process, kept out of the cycle collector's walks.

Python's cycle collector walks every container object it tracks, and a full walk
visits all of them. A process that plays battles keeps some 70,000 such objects for
good once its first battle has run: the modules, the rulesets' data tables and each
map's memos (lines of fire, distance tables, paths). Walking them again and again
cost a d20 woodland battle about 14% of its instructions (callgrind, three battles
after a warm-up one: 3.995 G instructions, 3.873 G with this).

So at the start of a process's second battle, `settle()` collects once (the first
battle's garbage is gone then) and freezes what is left (`gc.freeze()`): those
objects stay and are still freed by reference counting if ever dropped; the collector
just never walks them again. Once per process, and only on the second battle: at the
first one, the data tables and map memos do not exist yet.
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_battles_started = 0


def settle() -> None:
    """Called as each Battle starts; on the second one, collect and freeze once."""
    global _battles_started
    with _lock:
        _battles_started += 1
        if _battles_started == 2:
            gc.collect()
            gc.freeze()
