"""The window's modules form a tree (issue 30, "Shape"; STYLE 12: "Screens hand back the
next screen"): no screen module imports another screen, not even inside a function;
each makes the next one through `app.screens` (game/ui/screens.py), python-tcod's
engine states. Before, `battle_input -> menu -> battle_screen -> results ->
replay_viewer -> menu` was a ring held together by 14 function-local imports.

Read from the source (every import, at any depth), so a function-local import counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
#: The modules that define a screen, and the battle screen's own parts.
SCREENS = {"menu", "battle_screen", "battle_input", "battle_draw", "results", "replay_viewer",
           "settings_screen", "mission_briefing"}
#: Where every screen is known: the window and its list of ways to go, and the bench.
ABOVE = {"app", "screens", "bench", "bench_frame"}


def _imports(path: Path) -> set[str]:
    """The game.ui modules a file imports, anywhere in it."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "game.ui":
                out |= {a.name for a in node.names}
            elif node.module.startswith("game.ui."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[2] for a in node.names if a.name.startswith("game.ui.")}
    return out


def _graph() -> dict[str, set[str]]:
    mods = {p.stem: p for p in UI.glob("*.py") if p.stem != "__init__"}
    return {m: _imports(p) & set(mods) for m, p in mods.items()}


def test_no_screen_imports_another_screen():
    graph = _graph()
    # (the battle screen is made of its input and drawing halves)
    found = {m: sorted((deps & SCREENS) - {m} - ({"battle_input", "battle_draw"} if m == "battle_screen" else set()))
             for m, deps in graph.items() if m in SCREENS}
    assert {m: d for m, d in found.items() if d} == {}


def test_the_windows_imports_have_no_circle():
    graph = _graph()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        state[m] = 2
        path.pop()
        return None
    for m in sorted(graph):
        if m not in state:
            circle = visit(m)
            assert circle is None, " -> ".join(circle)


def test_only_the_window_knows_every_screen():
    graph = _graph()
    knows_menu = sorted(m for m, deps in graph.items() if "menu" in deps)
    assert set(knows_menu) <= ABOVE, knows_menu
