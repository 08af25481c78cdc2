"""The battle screen's parts, each on its own: a part keeps its own state and rectangle,
and a click or a key asks it what the player asked for; the screen acts on the answer.

Tested here, without a battle: the action bar's buttons and Undo, the parameter row's
values and the keyboard's parameter, the reaction panel's resting pointer (its pickers
show after 0.25 s, not on the way up), the pause menu's keys and clicks, panning (a tap
nudges 64 px, a held key glides 700 px/s after 0.2 s, a drag past 6 px is no click),
the unit card's choice of unit and board. Then, on a battle screen, `screen.rects` reads
the parts' own rectangles under the names it always had.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.engine.decisions import TARGET_UNIT, Option
from tests.ui.conftest import field_battle, start_screen


def _opts():
    return [Option("move", "Move", "1 Action"), Option("shoot", "Shoot", "1 Action", TARGET_UNIT, (7,),
                                                       params={"mode": ("single", "burst")}, offensive=True),
            Option("end_turn", "End turn")]


def test_the_action_bar_says_which_button_was_pressed_and_forgets_them_when_hidden(make_app):
    from game.ui.action_bar import ActionBar
    make_app()
    surface = pygame.Surface((1280, 720))
    bar, opts = ActionBar(), _opts()
    rect = pygame.Rect(300, 650, 600, 64)
    bar.draw(surface, rect, opts, None, (0, 0), lambda o: o.key[0])
    assert [o for _, o in bar.buttons] == opts and all(rect.contains(r) for r, _ in bar.buttons)
    second = bar.buttons[1][0]
    assert bar.click(second.center) == ("option", opts[1])
    bar.draw_undo(surface, rect, 610, (0, 0))
    # the Undo button: 96 px at the bar's right end, 36 px above the parameter row's top
    assert bar.undo == pygame.Rect(900 - 96, 610 - 36, 96, 28)
    assert bar.click(bar.undo.center) == ("undo", None)
    assert bar.click((5, 5)) is None
    bar.hide()
    assert bar.click(second.center) is None and bar.undo is None and bar.buttons == []


def test_the_prompt_reads_one_action_and_what_the_armed_option_wants():
    from game.ui.action_bar import one_action, prompt_text
    shoot = _opts()[1]
    assert prompt_text("Gunner 1-1: 1 Actions left", None) == "Gunner 1-1: 1 Actions left"
    assert one_action("Gunner 1-1: 1 Actions left") == "Gunner 1-1: 1 Action left"
    assert prompt_text("ignored", shoot) == "Shoot: click a target (Tab + Enter) · Esc cancels"


def test_the_parameter_row_answers_a_click_with_the_value_and_keeps_the_keyboards_parameter(make_app):
    from game.ui.param_row import ParamRow
    make_app()
    surface = pygame.Surface((1280, 720))
    opt = Option("cast", "Cast", params={"spell": ("gale", "mist"), "points": (1, 2)})
    row = ParamRow()
    row.draw(surface, pygame.Rect(300, 600, 700, 34), opt, {"spell": ("gale",), "points": (1, 2)},
             {"spell": "gale", "points": 1}, (0, 0))
    drawn = {(name, value): (r, ok) for r, name, value, ok in row.buttons}
    r, ok = drawn[("spell", "mist")]
    assert not ok and row.click(r.center) == ("spell", "mist", False)   # greyed: the screen ignores it
    r, ok = drawn[("points", 2)]
    assert ok and row.click(r.center) == ("points", 2, True)
    assert row.focused_name(opt) == "spell"
    row.next_parameter(opt)
    assert row.focused_name(opt) == "points"
    row.next_parameter(opt)   # two parameters: back to the first
    assert row.focused_name(opt) == "spell"
    row.hide()
    assert row.click(r.center) is None and row.rect is None


def test_the_reaction_panels_pickers_follow_a_resting_pointer_not_one_passing_by():
    from game.ui.reaction_panel import ReactionPanel
    dodge = Option("dodge", "Dodge", params={"direction": ("left", "right")})
    parry = Option("parry", "Parry", params={"weapon": ("sword",)})
    none = Option("pass", "No defence")
    panel = ReactionPanel()
    panel.buttons = [(pygame.Rect(0, 0, 100, 50), dodge), (pygame.Rect(110, 0, 100, 50), parry),
                     (pygame.Rect(220, 0, 100, 50), none)]
    options = [dodge, parry, none]
    assert panel.param_option(options, 0.0) == (dodge, False)       # nothing rests: the first with pickers
    panel.point((150, 20), clock=1.0)                               # onto Parry at t = 1.0
    assert panel.param_option(options, 1.1) == (dodge, False)       # passing by
    assert abs(panel.wake_in(1.1) - (0.15 + 0.02)) < 1e-9           # the window wakes to show them
    assert panel.param_option(options, 1.25) == (parry, True)       # rested 0.25 s: the row starts again
    assert panel.param_option(options, 2.0) == (parry, False)
    panel.point((250, 20), clock=2.0)                               # "No defence" has no pickers
    assert panel.hover is None and panel.wake_in(2.0) is None
    assert panel.cycle(options, parry, 1) and panel.focus is dodge  # Tab: the next with pickers
    assert panel.click((260, 10)) is none and panel.click((500, 500)) is None


def test_the_pause_menu_names_the_item_chosen_by_key_or_click(make_app):
    from game.ui.pause_menu import PauseMenu
    make_app()
    menu = PauseMenu()

    def key(k, ch=""):
        return menu.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=ch, mod=0))
    assert key(pygame.K_ESCAPE) == "resume"
    assert key(pygame.K_DOWN) is None and key(pygame.K_s, "s") is None   # S moves down, as the arrow
    assert menu.index == 2 and key(pygame.K_RETURN, "\r") == "load"
    assert key(pygame.K_q, "q") == "quit" and key(pygame.K_m, "m") == "menu"
    assert key(pygame.K_UP) is None and menu.index == 1
    surface = pygame.Surface((1280, 720))
    menu.draw(surface)
    assert len(menu.buttons) == 6 == len(menu.labels())
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.buttons[3].center, button=1)
    assert menu.labels()[3] == "Settings" and menu.handle(click) == "settings"
    menu.hide()
    assert menu.handle(click) is None


class _Camera:
    def __init__(self):
        self.moved = []

    def pan(self, dx, dy):
        self.moved.append((dx, dy))


def test_panning_nudges_glides_and_tells_a_click_from_a_drag():
    from game.ui.panning import Panning
    cam, pan = _Camera(), Panning()
    pan.key_down(pygame.K_RIGHT, cam)
    assert cam.moved == [(64, 0)] and pan.moving
    pan.update(0.1, cam)                 # held 0.1 s: not yet a glide
    assert cam.moved == [(64, 0)]
    pan.update(0.15, cam)                # held 0.25 s: glides 700 px/s for this frame's 0.15 s
    assert cam.moved[-1] == (700 * 0.15, 0)
    pan.key_up(pygame.K_RIGHT)
    assert not pan.moving
    pan.key_down(pygame.K_UP, cam, key=pygame.K_w)   # W stands for the up arrow
    pan.key_up(pygame.K_w)
    assert not pan.keys
    pan.press((100, 100), (3, 4))
    pan.drag_to((104, 100), cam)         # 4 px: still a click
    assert pan.release(1) == (3, 4)
    cam.moved.clear()
    pan.press((100, 100), (3, 4))
    pan.drag_to((110, 100), cam)         # 10 px: a drag, the view follows the pointer
    assert cam.moved == [(-10, 0)] and pan.moving
    assert pan.release(1) is None and not pan.moving


def test_the_unit_card_shows_the_unit_under_the_pointer_as_the_playout_has_reached_it():
    from game.ui.unit_card import UnitCard
    assert UnitCard.pick(5, []) == 5 and UnitCard.pick(5, [7, 9]) == 7
    now = SimpleNamespace(units={1: SimpleNamespace(hp=3, active=True)})
    before = SimpleNamespace(units={1: SimpleNamespace(hp=10, active=True)})
    card = UnitCard()
    card.before = before
    playing = SimpleNamespace(busy=True, hp={1: 10}, alive={})    # the wound not shown yet
    assert card.source(now, playing, 1) is before
    shown = SimpleNamespace(busy=True, hp={1: 3}, alive={})       # the playout reached it
    assert card.source(now, shown, 1) is now
    still = SimpleNamespace(busy=False, hp={}, alive={})
    assert card.source(now, still, 1) is now


def test_the_screens_rects_read_the_parts_under_their_old_names(make_app):
    app = make_app()
    battle = next(b for b in (field_battle([(1, "gunner", 3, 4), (2, "gunner", 10, 4)], seed=s)
                              for s in range(100)) if b.pending.side == 1)
    screen = start_screen(app, battle, sides={1: "human", 2: "ai"}, speed=0)
    rects = screen.rects
    assert rects["bar_buttons"] is screen.bar.buttons and rects["bar_buttons"]
    assert rects["card"] == screen.card.rect and rects["prompt"] == screen.bar.prompt
    assert rects["param_buttons"] is screen.param_row.buttons
    assert "reaction" not in rects and rects["reaction_buttons"] == []
    # the board's rectangle is the layout's, whatever the parts drew
    from game.ui import battle_layout
    assert rects["view"] == battle_layout.regions(app.surface.get_size()).view
