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

It also raises the collector's first threshold, from Python's 700 new container
objects between young collections to 10,000 (`YOUNG_THRESHOLD`; the older generations
keep theirs). A battle makes and drops tuples and small lists by the hundred thousand
(keys, plans, candidate lists), and each young collection walks what is young; the
memos a battle adds (paths, profiles, protections) then keep being walked until they
age out. Fewer young collections cost a fate bench battle about 4.6% less CPU (median
of 8 paired runs of 16 battles, the same tree with and without: 152 ms against 146 ms);
the garbage cycles they would have freed sooner are few and small. A threshold someone
set higher is kept.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading

_lock = threading.Lock()
_battles_started = 0


def settle() -> None:
    """Called as each Battle starts; on the second one, collect and freeze once, and
    raise the young generation's threshold."""
    global _battles_started
    with _lock:
        _battles_started += 1
        if _battles_started == 2:
            gc.collect()
            gc.freeze()
            young, *older = gc.get_threshold()
            if 0 < young < YOUNG_THRESHOLD:
                gc.set_threshold(YOUNG_THRESHOLD, *older)


YOUNG_THRESHOLD = 10_000


def _malloc_trim():
    """glibc's malloc_trim, or None where the C library has none (macOS, Windows, musl)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc.malloc_trim
    except (OSError, AttributeError):
        return None


_TRIM = _malloc_trim()


def release() -> None:
    """Called as each Battle is closed: give the C heap's free pages back to the system.

    glibc keeps memory a process has freed for its own reuse; a process that plays
    battle after battle (a soak, a ladder, the server) frees a battle's tables, grids
    and searches in pieces between longer-lived ones, and its resident memory crept up
    by tens of MB over 2,000 battles although what it held did not grow (tracemalloc:
    151 MB after fate's 100th battle, 105 MB after its 600th, while the resident memory
    rose). malloc_trim(0) returns the free pages: a mahou soak of 2,000 battles ended
    148 MB with it, 207 MB without (`soak --ruleset mahou --battles 2000 --seed 100`).
    A no-op where the C library has no malloc_trim."""
    if _TRIM is not None:
        _TRIM(0)
