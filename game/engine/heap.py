"""What lives for the whole process, kept out of the cycle collector's walks.

Python's cycle collector walks every container object it tracks, and a full walk
visits all of them. A process that plays battles keeps some 70,000 such objects for
good once its first battle has run: the modules, the rulesets' data tables and each
map's memos (lines of fire, distance tables, paths). Walking them again and again
cost d20 some 40 M instructions a woodland battle of about 290 M (callgrind, a warm-up
battle and three more, whole process: 4.210 G instructions, 4.086 G with this; fate
6.133 G and 6.016 G). The one collect below is paid once, in the second battle.

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
