"""F9 while the AI is thinking (issue 17.2): the worker of the old battle is stopped
and joined before the save is loaded, so nothing builds a battle while it still reads.
Before the fix `quickload` built the new battle first and joined the worker after.
"""

import threading
import time

def test_quickload_joins_the_ai_worker_before_loading(make_app, monkeypatch, tmp_path):
    import game.ui.saves as saves
    from game.ai import RandomController
    from game.engine.setup import new_battle
    from tests.ui.conftest import pump, start_screen

    app = make_app()
    battle = new_battle("maps/arena.tmx", "fate", seed=2, max_rounds=3)
    path = saves.save_battle(battle, {1: "ai", 2: "ai"}, False, path=tmp_path / "s.json")
    thinking = threading.Event()

    class SlowAI:
        def decide(self, b, decision):
            thinking.set()
            time.sleep(0.3)  # still reading the old battle when F9 comes
            return RandomController(0).decide(b, decision)

    screen = start_screen(app, battle, {1: "ai", 2: "ai"},
                          controllers={1: SlowAI(), 2: SlowAI()})
    assert thinking.wait(5)
    seen = []
    real = saves.load_battle

    def watching(p):
        seen.append(screen.ai.busy)
        return real(p)
    monkeypatch.setattr(saves, "load_battle", watching)
    screen.controls.quickload(path)
    assert seen == [False]
    fresh = new_battle("maps/arena.tmx", "fate", seed=2, max_rounds=3)
    assert screen.next is not None and screen.next.battle.digest() == fresh.digest()
    fresh.close()
    pump(app)
