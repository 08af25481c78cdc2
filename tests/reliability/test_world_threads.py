"""A battle read in one thread while another thread builds and plays other battles
(issue 17.2: the window's AI worker against a quickload).

esper's current world is process-global. Before the fix every read switched to the
battle's own world and then read esper's module tables, so a main thread building
the loaded battle between the check and the read made the worker read the wrong
world (KeyError, or a valid save refused as illegal). Now a Battle reads its own
tables and only writes switch, under one lock.
"""

import sys
import threading

from game.ai import RandomController, make_ai
from game.engine.components import Team
from game.engine.setup import new_battle
from game.readonly import fingerprint


def test_reading_a_battle_while_another_thread_builds_battles_sees_only_its_own():
    old = new_battle("maps/arena.tmx", "d20", seed=5, max_rounds=4)
    for _ in range(6):
        old.submit(RandomController(1).decide(old, old.pending))
    expected = make_ai("d20", 11).decide(old, old.pending)
    before = fingerprint(old)
    failures: list[BaseException] = []
    answers = []

    def worker() -> None:
        try:
            for _ in range(3000):  # plain reads, the bulk of any query
                for unit in old.units():
                    for comp in old.components_of(unit):
                        assert old.get(unit, type(comp)) is comp
                assert [e for e, _ in old.query(Team)] == old.units()
            answers.append(make_ai("d20", 11).decide(old, old.pending))
        except BaseException as exc:  # handed to the test thread
            failures.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    try:
        seed = 0
        while thread.is_alive():  # the "quickload": new battles built meanwhile
            b = new_battle("maps/arena.tmx", "fate", seed=seed)
            b.close()
            seed += 1
    finally:
        thread.join()
        sys.setswitchinterval(interval)
    assert not failures, repr(failures[0])
    assert answers == [expected]
    assert fingerprint(old) == before
    old.close()
