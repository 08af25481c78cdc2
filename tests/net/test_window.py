"""The window's network screens, driven as a person would (SDL's dummy driver, loopback).

What is tested:
- the menu's "Network battle", then J ("Join a network battle") opens the join screen; the address and the code
  are typed (the default address erased first), Enter joins; the battle screen shows
  side 1's view of a battle against the server's `ai:random`; the person picks an
  option with targets by its number and a target by clicking its tile on the board
  (the next view's turn is later), then ends each turn by the number of "End turn";
  the battle ends with its result dialog, whose button goes back to the menu;
- a wrong code comes back to the join screen with the refusal's line;
- the menu's "Network battle", then H ("Host a network battle"): one spectator seat
  asked for (Right on its row), the port typed (0: any free one), Enter hosts: the
  screen lists both seats' codes and the spectator's; "Play side 1" joins side 1 from the window; leaving
  the battle screen stops the embedded server.
"""

from __future__ import annotations

import asyncio
import time

import pygame
import pytest

from game.net import client
from game.net.remote import EmbeddedServer
from tests.net.helpers import request


@pytest.fixture(autouse=True)
def headless_window(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield
    pygame.display.quit()


def make_app():
    from game.rulesets import REGISTRY
    from game.ui.app import App
    from game.ui.settings import Settings
    return App(size=(1280, 720), settings=Settings(seed=5, rules_read=list(REGISTRY)))


def post_key(key, ch="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=ch, mod=mod, scancode=0))


def post_click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def type_text(app, text):
    for ch in text:
        post_key(ord(ch) if ch.isascii() else 0, ch)
    app.step(0.05)


def until(app, cond, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(0.05)
        if cond():
            return
        time.sleep(0.01)
    raise AssertionError("not in time")


def click_button(app, label):
    app.step(0.05)
    rect = next(r for r, action in app.screen.hit if getattr(action, "__name__", "") == label) \
        if not hasattr(app.screen, "button_rects") else app.screen.button_rects[label]
    post_click(rect.center)
    app.step(0.05)


def join_from_menu(app, where, code):
    click_button(app, "Network battle")
    post_key(pygame.K_j, "j")
    app.step(0.05)
    from game.ui.net_join import JoinScreen
    assert isinstance(app.screen, JoinScreen)
    for _ in range(len(app.screen.fields[0].text)):
        post_key(pygame.K_BACKSPACE)
    type_text(app, where)
    post_key(pygame.K_TAB)
    type_text(app, code)
    post_key(pygame.K_RETURN)
    app.step(0.05)


def test_join_a_network_battle_and_play_it_from_the_window(tmp_path):
    from game.ui.menu import MenuScreen
    from game.ui.net_battle import NetBattleScreen
    host = EmbeddedServer(state=tmp_path / "state")
    try:
        where = host.wait_ready()
        opened = asyncio.run(client.open_battle(where, request("d20", seats=("person", "ai:random"), rounds=1)))
        app = make_app()
        join_from_menu(app, where, opened["seats"][0][1])
        screen = app.screen
        assert isinstance(screen, NetBattleScreen)
        until(app, lambda: screen.decision is not None)
        assert screen.joined["side"] == 1 and screen.board is not None and screen.board.tmap is not None
        decision = screen.decision
        first = next(i for i, o in enumerate(decision["options"]) if o.get("target_kind") == "tile")
        post_key(ord(str(first + 1)), str(first + 1))
        app.step(0.05)
        assert screen.armed is decision["options"][first]
        turn = screen.view["turn"]
        target = tuple(screen.armed["targets"][-1])
        post_click(screen.board.centre(target))
        app.step(0.05)
        until(app, lambda: screen.view["turn"] > turn)  # the click chose: the battle moved on
        for _ in range(200):
            until(app, lambda: screen.decision is not None or screen.over is not None)
            if screen.over is not None:
                break
            keys = [o["key"] for o in screen.decision["options"]]
            pick = keys.index("end_turn") if "end_turn" in keys else 0
            post_key(ord(str(pick + 1)), str(pick + 1))
            app.step(0.05)
            if screen.armed is not None:
                post_click(screen.board.centre(tuple(screen.armed["targets"][0])))
            until(app, lambda: screen.sent is False)
        assert screen.over is not None and "error" not in screen.notice.lower()
        until(app, lambda: screen.closed is not None)
        app.step(0.05)
        back = next(r for r, action in screen.hit if getattr(action, "__name__", "") == "to_menu")
        post_click(back.center)
        app.step(0.05)
        assert isinstance(app.screen, MenuScreen)
    finally:
        host.stop()


def test_a_wrong_code_comes_back_to_the_join_screen_with_why(tmp_path):
    from game.ui.net_join import JoinScreen
    host = EmbeddedServer(state=tmp_path / "state")
    try:
        where = host.wait_ready()
        app = make_app()
        join_from_menu(app, where, "A" * 22)
        screen = app.screen
        until(app, lambda: screen.closed is not None)
        app.step(0.05)
        post_key(pygame.K_ESCAPE)
        app.step(0.05)
        assert isinstance(app.screen, JoinScreen)
        assert app.screen.message == f"{where}: refused: join: no seat has this code"
        assert app.screen.fields[1].text == "A" * 22
    finally:
        host.stop()


def test_host_a_network_battle_and_play_side_one():
    from game.ui.net_battle import NetBattleScreen
    from game.ui.net_host import HostScreen
    app = make_app()
    click_button(app, "Network battle")
    post_key(pygame.K_h, "h")
    app.step(0.05)
    screen = app.screen
    assert isinstance(screen, HostScreen)
    screen.focus = screen.rows().index("spectators")
    post_key(pygame.K_RIGHT)
    app.step(0.05)
    screen.focus = screen.rows().index("port")
    for _ in range(4):
        post_key(pygame.K_BACKSPACE)
    type_text(app, "0")
    post_key(pygame.K_RETURN)
    app.step(0.05)
    assert screen.message == "" and [side for side, _ in screen.codes] == [1, 2]
    assert len(screen.watch_codes) == 1 and screen.watch_codes[0] not in dict(screen.codes).values()
    server = screen.server
    assert screen.where.startswith("127.0.0.1:")
    post_key(pygame.K_RETURN)  # the focus is on "Play side 1"
    app.step(0.05)
    battle = app.screen
    assert isinstance(battle, NetBattleScreen)
    until(app, lambda: battle.joined is not None)
    assert battle.joined["side"] == 1
    battle.leave()
    assert not server.thread.is_alive()


def test_the_away_offer_is_a_dialog_and_its_answer_reaches_the_server(tmp_path):
    """Side 2 joins (a bare client), reaches its first decision and drops; the window
    (side 1) shows the offer after the server's limit; key 3 lets the AI play side 2:
    the top line says so, and the battle goes on to side 1's next decision."""
    from tests.net.helpers import RawSeat, raw

    host = EmbeddedServer(state=tmp_path / "state", away_after=0.2)
    try:
        where = host.wait_ready()
        opened = dict(asyncio.run(client.open_battle(where, request("fate", rounds=2)))["seats"])
        app = make_app()
        join_from_menu(app, where, opened[1])
        screen = app.screen

        async def two_drops():
            seat = RawSeat(await raw(where))
            await seat.join(opened[2])
            await seat.decision()
            await seat.link.close()
        import threading
        dropper = threading.Thread(target=lambda: asyncio.run(two_drops()))
        dropper.start()
        for _ in range(100):  # play side 1 (end each turn) until the offer comes
            until(app, lambda: screen.away is not None or screen.decision is not None)
            if screen.away is not None:
                break
            keys = [o["key"] for o in screen.decision["options"]]
            pick = next((i for i, k in enumerate(keys) if "targets" not in screen.decision["options"][i]), 0)
            post_key(ord(str(pick + 1)), str(pick + 1))
            until(app, lambda: screen.sent is False or screen.away is not None)
        dropper.join(10)
        assert screen.away["side"] == 2
        app.step(0.05)
        assert any(getattr(a, "__name__", "") == "<lambda>" for _, a in screen.hit)  # the dialog's buttons
        post_key(pygame.K_3, "3")
        until(app, lambda: screen.notice.startswith("Side 2 is played by the server's AI"))
        assert screen.away is None
        until(app, lambda: screen.decision is not None or screen.over is not None)
    finally:
        host.stop()


def test_a_scenario_battle_in_the_window_shows_its_mission(tmp_path):
    """On the Three Farms (d20, against the server's ai:random, two rounds): the
    briefing comes first and nothing can be chosen under it; Enter closes it; the board
    draws the three zones (their layer is painted on a zone's edge, clear far from any
    zone), the tracker reads the round and both sides' points, the pointer over the
    Crossing says what it is worth; the result dialog says how the battle was won."""
    from game.ui import net_mission
    from game.ui.net_battle import NetBattleScreen
    host = EmbeddedServer(state=tmp_path / "state")
    try:
        where = host.wait_ready()
        opened = asyncio.run(client.open_battle(where, request(
            "d20", seats=("person", "ai:random"), rounds=2, map_="maps/crossroads_farms.tmx")))
        app = make_app()
        join_from_menu(app, where, opened["seats"][0][1])
        screen = app.screen
        assert isinstance(screen, NetBattleScreen)
        until(app, lambda: screen.view is not None)
        assert screen.briefing_open and screen.decision is None
        app.step(0.05)
        assert any(action == screen.close_briefing for _, action in screen.hit)
        assert net_mission.briefing_lines(screen.mission)[0].startswith("Spread out.")
        post_key(pygame.K_1, "1")  # under the briefing: nothing is picked
        app.step(0.05)
        assert screen.armed is None and screen.briefing_open
        post_key(pygame.K_RETURN)
        app.step(0.05)
        assert not screen.briefing_open
        until(app, lambda: screen.decision is not None)
        app.step(0.05)
        # by hand: round 1 of the 2 the battle was opened with, nobody has scored, 4 win
        assert net_mission.tracker(screen.mission, screen.view["round"]) == \
            "Round 1 of 2 · side 1: 0 points · side 2: 0 points · 4 to win"
        assert screen.tracker_rect is not None and screen.tracker_rect.bottom <= screen.board.rect.top
        layer = screen.board._zones[1]
        # the Crossing is tiles x 10..13, y 6..9: its west edge is painted, the map's
        # corner (0, 0) is in no zone
        edge = screen.board.point(10, 8)
        assert layer.get_at((edge[0] + 1, edge[1]))[3] > 0
        assert layer.get_at(screen.board.centre((0, 15)))[3] == 0
        over_crossing = screen.board.centre((11, 7))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over_crossing, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(0.05)
        zone = net_mission.zone_at(screen.board, screen.mission, over_crossing)
        assert zone["name"] == "Crossing"
        assert net_mission.zone_hover(zone).startswith("Crossing: 2 points a round; ")
        for _ in range(300):
            until(app, lambda: screen.decision is not None or screen.over is not None)
            if screen.over is not None:
                break
            keys = [o["key"] for o in screen.decision["options"]]
            pick = keys.index("end_turn") if "end_turn" in keys else 0
            post_key(ord(str(pick + 1)), str(pick + 1))
            app.step(0.05)
            if screen.armed is not None:
                post_click(screen.board.centre(tuple(screen.armed["targets"][0])))
            until(app, lambda: screen.sent is False)
        assert screen.over is not None and screen.over["how"] in ("round limit", "elimination", "victory points")
        words = net_mission.how_line(screen.over)
        assert words.startswith("Won by " if screen.over["winner"] else "Decided by ")
        assert "side 1: " in words and "side 2: " in words
        from game.ui.net_draw import tracker_round
        assert tracker_round(screen) == screen.over["rounds"] <= 2  # the round it ended in, not the next
        from game.ui import theme
        said, text = [], theme.text
        theme.text = lambda words, *a, **k: said.append(words) or text(words, *a, **k)
        try:
            screen.draw(app.surface)
        finally:
            theme.text = text
        # the top bar names that round too (the last view may count the next one)
        assert any(f" · round {screen.over['rounds']} · " in w for w in said), said
    finally:
        host.stop()
