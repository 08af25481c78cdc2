"""The window, driven as a player drives it: mouse clicks on tiles and key presses.

Each test: what is tested, the actions (posted pygame events, frames stepped with
`App.step`), and the battle's state expected afterwards. The dummy video driver
stands in for a display; no test depends on wall-clock time.
"""

from __future__ import annotations

import pygame
import pytest

from tests.ui.conftest import (click_tile, confirm_handover, field_battle, hover_tile, press, pump,
                               start_screen, tile_pos, until, post_click)


def test_menu_starts_a_d20_battle_and_remembers_the_choices(make_app):
    """Menu -> Enter starts the chosen map and ruleset; the choices are written to settings."""
    from game.ui.battle_screen import BattleScreen
    from game.ui.settings import config_dir, load_settings
    app = make_app(seed=11)
    pump(app, 2)
    assert app.screen.title == "Menu"
    press(app, pygame.K_DOWN)                      # ruleset row
    press(app, pygame.K_DOWN)                      # side 1
    press(app, pygame.K_DOWN)                      # side 2
    press(app, pygame.K_RIGHT)                     # side 2: person -> AI
    press(app, pygame.K_RETURN, "\r")
    assert isinstance(app.screen, BattleScreen)
    battle = app.screen.battle
    assert battle.ruleset.id == "d20" and battle.map.path.stem == "woodland" and battle.seed == 11
    assert app.screen.sides == {1: "human", 2: "ai"}
    assert battle.player_sides == {1}          # recorded in the battle (rules favour people's sides)
    assert battle.pending is not None
    saved, note = load_settings(config_dir() / "settings.json")
    assert note == "" and saved.map == "woodland" and saved.sides["2"] == "ai" and saved.seed == 11


def test_menu_seed_typed_and_map_cycled_by_keys(make_app):
    app = make_app(seed=1)
    pump(app)
    menu = app.screen
    first = menu.map_info.path
    press(app, pygame.K_RIGHT)                      # next map
    assert menu.map_info.path != first
    for _ in range(menu.rows().index("seed")):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_BACKSPACE)
    for ch in "427":
        press(app, getattr(pygame, f"K_{ch}"), ch)
    assert app.settings.seed == 427


def test_select_then_move_by_clicking(make_app):
    """Click the acting unit (selects it), click a blue tile: the unit walks there."""
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 4), (2, "gunner", 11, 4)], seed=3)
    screen = start_screen(app, battle)
    confirm_handover(app)
    actor = battle.pending.actor
    start = battle.tile(actor)
    click_tile(app, start)
    assert screen.selected == actor
    dest = (start[0], start[1] + 3)
    assert dest in battle.pending.option("move").targets
    hover_tile(app, dest)
    prev = screen.preview()
    assert prev is not None and prev[0] == "move" and prev[3].path[-1] == dest
    click_tile(app, dest)
    assert battle.tile(actor) == dest
    assert type(battle.log[-1]).__name__ == "Moved" or any(type(e).__name__ == "Moved" for e in battle.log[-3:])
    pump(app, 30)                                   # the walk animation finishes
    assert not screen.anim.busy


def test_attack_by_clicking_an_enemy_shows_odds_first(make_app):
    """Hovering an enemy previews the exact odds; clicking it shoots (2 Actions)."""
    app = make_app()
    battle = field_battle([(1, "marksman", 3, 4), (2, "marksman", 9, 4)], seed=4)
    screen = start_screen(app, battle)
    confirm_handover(app)
    decision = battle.pending
    actor = decision.actor
    enemy = next(u for u in battle.units() if battle.team(u) != battle.team(actor))
    assert enemy in decision.option("shoot").targets
    hover_tile(app, battle.tile(enemy))
    kind, opt, target, odds, params = screen.preview()
    assert kind == "odds" and opt.key == "shoot" and target == enemy
    assert odds is not None and 0 < odds.hit < 1 and abs(sum(odds.damage.values()) - 1) < 1e-9
    before = len(battle.log)
    click_tile(app, battle.tile(enemy))
    shots = [e for e in battle.log[before:] if type(e).__name__ == "AttackRolled"]
    assert len(shots) == 1 and shots[0].attacker == actor and shots[0].target == enemy
    assert battle.ruleset.unit_card(battle, actor)["actions"] == 2


def test_parameter_pickers_change_the_choice(make_app):
    """`]` changes the focused parameter (fire mode), `\\` moves to the next (location)."""
    app = make_app()
    battle = field_battle([(1, "marksman", 3, 4), (2, "marksman", 8, 4)], seed=4)
    screen = start_screen(app, battle)
    confirm_handover(app)
    enemy = next(u for u in battle.units() if battle.team(u) != battle.pending.side)
    press(app, pygame.K_f, "f")                     # arm Shoot
    assert screen.armed == "shoot"
    press(app, pygame.K_RIGHTBRACKET, "]")          # mode: single -> burst
    press(app, pygame.K_BACKSLASH, "\\")            # focus location
    press(app, pygame.K_RIGHTBRACKET, "]")          # torso -> head
    hover_tile(app, battle.tile(enemy))
    _, _, _, odds, params = screen.preview()
    assert params == {"mode": "burst", "location": "head"}
    assert ("head", -5) in odds.breakdown and ("burst", 3) in odds.breakdown
    click_tile(app, battle.tile(enemy))
    assert battle.choices[-1].param("mode") == "burst" and battle.choices[-1].param("location") == "head"


def test_keyboard_only_move_and_end_turn(make_app):
    """M arms Move, arrows move the cursor, Enter commits; E ends the turn."""
    app = make_app()
    battle = field_battle([(1, "scout", 2, 2), (2, "scout", 12, 8)], seed=8)
    screen = start_screen(app, battle)
    confirm_handover(app)
    actor = battle.pending.actor
    x, y = battle.tile(actor)
    press(app, pygame.K_m, "m")
    assert screen.armed == "move"
    step = 1 if x < 7 else -1
    press(app, pygame.K_RIGHT if step > 0 else pygame.K_LEFT)
    press(app, pygame.K_RIGHT if step > 0 else pygame.K_LEFT)
    press(app, pygame.K_RETURN, "\r")
    assert battle.tile(actor) == (x + 2 * step, y)
    turns = sum(type(e).__name__ == "TurnStarted" for e in battle.log)
    press(app, pygame.K_e, "e")
    assert battle.pending.actor != actor
    assert sum(type(e).__name__ == "TurnStarted" for e in battle.log) == turns + 1


def test_hotseat_hands_over_and_hides_the_board(make_app):
    """Two people: between sides a hand-over screen hides the board until Enter."""
    app = make_app()
    battle = field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=2)
    screen = start_screen(app, battle)
    first = battle.pending.side
    assert screen.handover == first                 # nobody is at the keyboard yet
    corner = tile_pos(screen, (0, 0))    # (away from the hand-over screen's words)
    pump(app)
    assert app.surface.get_at(corner)[:3] == (10, 12, 16)   # hidden: the hand-over backdrop
    press(app, pygame.K_RETURN, "\r")
    assert screen.handover is None and screen.decision is battle.pending
    press(app, pygame.K_e, "e")                      # end the turn: the other side's unit is next
    assert battle.pending.side != first
    assert screen.handover == battle.pending.side and screen.decision is None
    press(app, pygame.K_e, "e")                      # keys do nothing behind the hand-over screen
    assert screen.handover == battle.pending.side
    post_click((640, 360))
    pump(app)
    assert screen.handover is None and screen.keyboard_side == battle.pending.side


def _grapple_then_leave(app, screen, battle):
    """Whoever acts first strikes the other in melee (entering a Grapple) and ends its
    turn; the other then steps out of the Grapple, which offers the first a Reaction."""
    confirm_handover(app)
    striker = battle.pending.actor
    other = next(u for u in battle.units() if u != striker)
    click_tile(app, battle.tile(other))              # plain click on an adjacent enemy: melee
    assert any(type(e).__name__ == "AttackRolled" for e in battle.log)
    from game.engine.grapple import in_grapple
    assert in_grapple(battle, striker)
    press(app, pygame.K_e, "e")
    confirm_handover(app)
    assert battle.pending.actor == other
    press(app, pygame.K_x, "x")                      # arm "Exit Grapple"
    opt = battle.pending.option("exit_grapple")
    assert screen.armed == "exit_grapple"
    click_tile(app, opt.targets[0])
    return striker, other


def test_reaction_prompt_shows_odds_and_takes_the_answer(make_app):
    """Leaving a Grapple: the other side (after a hand-over) gets the Reaction prompt
    with the odds of striking; pressing its number answers it."""
    app = make_app()
    battle = field_battle([(1, "brawler", 5, 4), (2, "brawler", 6, 4)], seed=6)
    screen = start_screen(app, battle)
    striker, other = _grapple_then_leave(app, screen, battle)
    assert battle.pending.kind == "reaction" and battle.pending.actor == striker
    assert screen.handover == battle.team(striker)   # the reaction belongs to the side away
    press(app, pygame.K_RETURN, "\r")
    assert screen.decision is battle.pending
    buttons = screen.rects["reaction_buttons"]
    assert [o.key for _, o in buttons] == ["reaction_strike", "pass"]
    odds = battle.ruleset.odds(battle, battle.pending, battle.pending.option("reaction_strike").choice(other))
    assert odds is not None and odds.hit > 0
    before = len(battle.log)
    press(app, pygame.K_1, "1")
    strikes = [e for e in battle.log[before:] if type(e).__name__ == "AttackRolled"]
    assert strikes and strikes[0].attacker == striker and strikes[0].target == other
    confirm_handover(app)                            # and back to the side that was moving
    assert battle.pending is None or battle.pending.actor == other or battle.over


def test_reaction_can_be_declined_by_clicking(make_app):
    app = make_app()
    battle = field_battle([(1, "brawler", 5, 4), (2, "brawler", 6, 4)], seed=9)
    screen = start_screen(app, battle)
    striker, other = _grapple_then_leave(app, screen, battle)
    confirm_handover(app)
    rect, opt = screen.rects["reaction_buttons"][1]
    assert opt.key == "pass"
    before = len(battle.log)
    post_click(rect.center)
    pump(app)
    assert not any(type(e).__name__ == "AttackRolled" for e in battle.log[before:])
    assert battle.tile(other) != battle.tile(striker)


def test_ai_turns_play_out_in_a_worker_and_skip_reaches_the_person(make_app):
    """Against the AI: its turns run (worker thread) until a person decides again."""
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 2), (1, "marksman", 2, 6), (2, "gunner", 11, 2),
                           (2, "marksman", 11, 6)], seed=12)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=4.0)
    assert screen.handover is None                  # one person: no hand-over screens
    assert until(app, lambda: screen.decision is not None or battle.over)
    if battle.pending is not None:
        assert battle.pending.side == 1
    ai_choices = len(battle.choices)
    press(app, pygame.K_e, "e")                     # end our turn, the AI may act
    press(app, pygame.K_SPACE, " ")                 # skip to our next decision
    assert until(app, lambda: screen.decision is not None or battle.over)
    assert len(battle.choices) > ai_choices
    assert battle.over or battle.pending.side == 1


def test_save_and_load_a_battle_in_progress(make_app, tmp_path):
    """F5 saves (replay file); after more play, F9 loads it back to the saved state."""
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    from game.ui.saves import list_saves
    app = make_app()
    battle = new_battle(maps_dir() / "woodland.tmx", "d20", seed=21)
    screen = start_screen(app, battle)
    confirm_handover(app)
    actor = battle.pending.actor
    move = battle.pending.option("move")
    click_tile(app, move.targets[len(move.targets) // 2])
    saved_digest, saved_choices = battle.digest(), len(battle.choices)
    press(app, pygame.K_F5)
    saves = list_saves()
    assert len(saves) == 1
    press(app, pygame.K_e, "e")                     # play on past the save
    assert len(battle.choices) == saved_choices + 1
    press(app, pygame.K_F9)
    press(app, pygame.K_RETURN, "\r")              # yes, load over this battle
    loaded = app.screen
    assert loaded is not screen and loaded.title == "Battle"
    assert loaded.battle.digest() == saved_digest and len(loaded.battle.choices) == saved_choices
    assert loaded.sides == {1: "human", 2: "human"}
    assert loaded.battle.pending.actor == actor


def test_load_from_the_menu(make_app):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    from game.ui.saves import save_battle
    app = make_app()
    battle = new_battle(maps_dir() / "woodland.tmx", "d20", seed=3)
    battle.submit(battle.pending.option("end_turn").choice())
    save_battle(battle, {1: "human", 2: "ai"}, fog=True)
    pump(app)
    press(app, pygame.K_l, "l")
    assert app.screen.picker is not None
    press(app, pygame.K_RETURN, "\r")
    screen = app.screen
    assert screen.title == "Battle" and screen.battle.digest() == battle.digest()
    assert screen.sides == {1: "human", 2: "ai"} and screen.fog


def test_corrupt_settings_file_falls_back_to_defaults(monkeypatch, tmp_path):
    from game.ui.app import App
    from game.ui.settings import config_dir
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    app = App(size=(1280, 720))
    pump(app)
    assert "corrupt" in app.screen.message
    assert app.settings.ruleset == "d20"
    path.write_text('{"seed": "x", "fog": 3, "map": 7, "sides": {"1": "robot"}}', encoding="utf-8")
    app2 = App(size=(1280, 720))
    assert app2.settings.seed == 1 and app2.settings.fog is False and app2.settings.sides["1"] == "human"


def test_resizing_keeps_the_board_clickable(make_app):
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 4), (2, "gunner", 11, 4)], seed=3)
    screen = start_screen(app, battle)
    confirm_handover(app)
    app.resize((1600, 900))
    pump(app)
    assert app.surface.get_size() == (1600, 900)
    actor = battle.pending.actor
    start = battle.tile(actor)
    dest = (start[0], start[1] + 2)
    click_tile(app, dest)
    assert battle.tile(actor) == dest


def test_help_overlay_toggles_with_question_mark(make_app):
    app = make_app()
    pump(app)
    press(app, pygame.K_SLASH, "?")
    assert app.help
    press(app, pygame.K_ESCAPE)
    assert not app.help and app.running


def test_the_window_keeps_running_while_the_ai_thinks(make_app):
    """The AI decides in a worker thread: frames go on (the camera still pans) while it
    thinks, and its answer is submitted by the window once it comes."""
    import threading

    from game.ai import make_ai
    release = threading.Event()

    class SlowAI:
        def __init__(self):
            self.inner = make_ai("d20", 1)
            self.calls = 0

        def decide(self, battle, decision):
            self.calls += 1
            release.wait(30)
            return self.inner.decide(battle, decision)

    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 2, 2), (2, "gunner", 12, 8)], seed=s, w=60, h=40)
                              for s in range(100)) if b.pending.side == 2)
    slow = SlowAI()
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, controllers={2: slow}, speed=0)
    cam = screen.board.camera
    x0 = cam.x
    for _ in range(5):
        press(app, pygame.K_RIGHT)                    # the window answers while the AI thinks
    assert screen.ai.thinking and slow.calls == 1 and battle.choices == []
    assert cam.x > x0
    release.set()
    assert until(app, lambda: screen.decision is not None or battle.over)
    assert len(battle.choices) >= 1


def test_combat_log_scrolls_and_follows(make_app):
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 2), (2, "gunner", 12, 8)], seed=4)
    screen = start_screen(app, battle)
    confirm_handover(app)
    for _ in range(40):
        screen.log.add_text("filler line to make the log long")
    pump(app)
    press(app, pygame.K_PAGEUP)
    assert screen.log.scroll > 0
    press(app, pygame.K_END)
    assert screen.log.scroll == 0


def test_watch_a_saved_replay_from_the_menu(make_app):
    from game.engine.setup import new_battle
    from game.replay import maps_dir
    from game.ui.replay_viewer import ReplayViewer
    from game.ui.saves import save_battle
    app = make_app()
    battle = new_battle(maps_dir() / "arena.tmx", "d20", seed=3)
    for _ in range(3):
        battle.submit(battle.pending.option("end_turn").choice())
    save_battle(battle, {1: "human", 2: "human"}, fog=False)
    pump(app)
    press(app, pygame.K_v, "v")
    press(app, pygame.K_RETURN, "\r")
    viewer = app.screen
    assert isinstance(viewer, ReplayViewer) and len(viewer.choices) == 3
    press(app, pygame.K_END)
    assert viewer.battle.digest() == battle.digest()


def test_a_whole_d20_battle_played_with_the_mouse(make_app):
    """A person (side 1) against the AI to the end, every answer a click: shoot or strike
    the nearest enemy when offered, else walk towards it, else click End turn."""
    from game.ui.results import ResultsScreen
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 3), (1, "brawler", 2, 6), (2, "marksman", 16, 3),
                           (2, "guardian", 16, 6)], seed=11, w=20, h=10)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    clicks = 0
    for _ in range(600):
        if battle.over:
            break
        if screen.decision is None:
            app.step(0.05)
            continue
        d = screen.decision
        me = battle.tile(d.actor)
        attack = next((o for o in d.options if o.offensive and o.target_kind == "unit"), None)
        move = d.option("move")
        if attack is not None:
            click_tile(app, battle.tile(attack.targets[0]))
        elif move is not None and battle.ruleset.unit_card(battle, d.actor)["actions"] >= 3:
            foes = [battle.tile(u) for u in battle.units(active_only=True) if battle.team(u) == 2]
            goal = min(foes, key=lambda t: abs(t[0] - me[0]) + abs(t[1] - me[1]))
            dest = min(move.targets, key=lambda t: (max(abs(t[0] - goal[0]), abs(t[1] - goal[1])),
                                                    abs(t[0] - me[0]) + abs(t[1] - me[1])))
            click_tile(app, dest)
        else:
            end = next(r for r, o in screen.rects["bar_buttons"] if o.key == "end_turn")
            post_click(end.center)
            pump(app)
        clicks += 1
    assert battle.over and clicks > 5
    assert until(app, lambda: isinstance(app.screen, ResultsScreen), frames=400)
