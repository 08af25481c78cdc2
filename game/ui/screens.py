"""The ways from one screen to the next, handed to every screen (python-tcod's engine
states: a state returns the next one, made through what it was given).

A screen never imports another screen. When it is done it sets ``self.next`` to what
``self.app.screens`` makes: ``self.next = self.app.screens.menu()``. This module, at
the top of the window's imports beside ``app.py``, is the one place that knows every
screen; below it the screen modules import none of each other, so they form a tree
(checked by `tests/ui/test_screen_tree.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from game.ui.battle_screen import BattleScreen
from game.ui.menu import MenuScreen
from game.ui.mission_briefing import BriefingScreen
from game.ui.net_battle import NetBattleScreen
from game.ui.net_host import HostScreen
from game.ui.net_join import JoinScreen
from game.ui.net_menu import NetworkScreen
from game.ui.replay_viewer import ReplayViewer
from game.ui.results import ResultsScreen
from game.ui.settings_screen import SettingsScreen
from game.ui.squad_builder import SquadBuilderScreen
from game.ui.squad_choice import SquadChoiceScreen


class Screens:
    """Makes the window's screens for one App: each method is a place to go."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def menu(self, note: str = "") -> MenuScreen:
        return MenuScreen(self.app, note)

    def battle(self, battle, sides: dict[int, str], fog: bool = False, speed: float = 1.0, **kw) -> BattleScreen:
        return BattleScreen(self.app, battle, sides, fog, speed, **kw)

    def briefing(self, battle, begin: Callable[[], Any], back, players: dict[int, str]) -> BriefingScreen:
        return BriefingScreen(self.app, battle, begin, back=back, players=players)

    def results(self, battle, sides: dict[int, str], **kw) -> ResultsScreen:
        return ResultsScreen(self.app, battle, sides, **kw)

    def replay_of(self, battle, squads, back) -> ReplayViewer:
        """The replay of a battle just fought."""
        return ReplayViewer.from_battle(self.app, battle, squads, back=back)

    def replay_file(self, path: Path, back) -> ReplayViewer:
        """A replay read from a file (SaveError when it cannot be read)."""
        return ReplayViewer.from_file(self.app, path, back=back)

    def settings(self, back) -> SettingsScreen:
        """The settings; leaving them goes back to `back`."""
        return SettingsScreen(self.app, back)

    def squad_choice(self, menu) -> SquadChoiceScreen:
        """Each side's squad before the battle, which `menu` then starts."""
        return SquadChoiceScreen(self.app, menu)

    def squad_builder(self, back, *args, **kw) -> SquadBuilderScreen:
        """The builder of one side's squad; leaving it goes back to `back`."""
        return SquadBuilderScreen(self.app, back, *args, **kw)

    def network(self, back) -> NetworkScreen:
        """Join or host a network battle; leaving goes back to `back`."""
        return NetworkScreen(self.app, back=back)

    def net_join(self, back) -> JoinScreen:
        """An address and a seat's code to join with."""
        return JoinScreen(self.app, back=back)

    def net_host(self, back) -> HostScreen:
        """A server in this window, a battle opened on it, its codes to pass on."""
        return HostScreen(self.app, back=back)

    def net_battle(self, where: str, code: str, **kw) -> NetBattleScreen:
        """A seat of a network battle, played from its side's view."""
        return NetBattleScreen(self.app, where, code, **kw)
