"""Hotseat under fog: an attack whose shooter the reading side cannot see at that moment
never names the shooter, in any ruleset, and nothing is drawn from the shooter's tile.

The field: side 1 in the open, side 2 inside a band of brush three tiles deep (it
blocks sight, not movement). A unit in the middle of the brush sees only its
neighbours, so the shots at it come from out of its side's sight; d20 (an unseen
target, "untargeted"), mahou ("cannot see it") and fate (a locate roll first) allow
them. Five-by-five and action block need sight of the target to attack, and sight is
symmetric, so there no shot comes from out of sight: the play still checks every line,
and a second test reads every attack line of each ruleset with its shooter unseen.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.engine.decisions import TARGET_NONE
from game.ui import battle_frame
from tests.ui.conftest import commit_anyway, pump, start_screen

ACTOR_FIELDS = ("attacker", "shooter", "grappler", "seeker", "holder")
UNSEEN_SHOTS = {"d20", "mahou", "fate"}    # rules that let a unit attack what it cannot see
BRUSH = range(9, 12)


def brush_battle(ruleset_id: str, seed: int):
    from game.engine.battle import Battle
    from game.engine.setup import orders_for
    from game.rulesets import load_ruleset
    from game.world.tactical_map import Spawn, TacticalMap
    w, h = 14, 10
    units = [(1, "gunner", 3, 2), (1, "marksman", 3, 7), (2, "gunner", 10, 2), (2, "marksman", 10, 7)]
    blocks = np.zeros((w, h), bool)
    cover = np.zeros((w, h), np.int8)
    for x in BRUSH:
        blocks[x, :] = True
        cover[x, :] = 1          # concealment
    tmap = TacticalMap(path=Path("/nonexistent/brush.tmx"), name="Brush", width=w, height=h,
                       tile_width=32, tile_height=32, feet_per_tile=5, walkable=np.ones((w, h), bool),
                       move_cost=np.ones((w, h), np.int16), blocks_sight=blocks, cover=cover,
                       elevation=np.zeros((w, h), np.int16),
                       spawns=tuple(Spawn(x, y, t, a) for t, a, x, y in units))
    ruleset = load_ruleset(ruleset_id)
    return Battle(tmap, ruleset, orders_for(tmap, ruleset), seed=seed)


def _actor(ev):
    return next((getattr(ev, f) for f in ACTOR_FIELDS if isinstance(getattr(ev, f, None), int)), None)


class _Sight:
    """The test's own reading of "what the side sees at that moment": positions
    followed through the events (moves, falls), the side's fighting units' view."""

    def __init__(self, battle, view):
        self.map = battle.map
        self.units = {u.id: [u.team, u.tile, u.active, u.name] for u in view.units.values()}

    def follow(self, ev):
        kind = type(ev).__name__
        if kind == "Moved" and ev.path and ev.unit in self.units:
            self.units[ev.unit][1] = tuple(ev.path[-1])
        if kind == "OutOfFightEvent" and ev.unit in self.units:
            self.units[ev.unit][2] = False

    def sees(self, side, unit):
        from game.world.sight import fov
        team, tile, _, _ = self.units[unit]
        if team == side:
            return True
        return any(fov(self.map, t)[tile] for tm, t, active, _ in self.units.values() if tm == side and active)


@pytest.mark.parametrize("ruleset_id", ["actionblock", "d20", "fate", "fivebyfive", "mahou"])
def test_no_attack_line_names_a_shooter_the_reading_side_cannot_see(make_app, ruleset_id):
    app = make_app()
    unseen_checked = checked = 0
    for seed in (1, 2):
        battle = brush_battle(ruleset_id, seed)
        screen = start_screen(app, battle, sides={1: "human", 2: "human"}, fog=True, speed=0)
        rng = random.Random(seed)
        for _ in range(36):
            if battle.pending is None or battle.over:
                break
            if screen.handover is not None:
                screen.confirm_handover()
                continue
            d = battle.pending
            opts = [o for o in d.options if o.target_kind == TARGET_NONE or o.targets]
            attacks = [o for o in opts if o.offensive and o.targets]
            quiet = [o for o in opts if o.key not in ("end_turn", "pass")] or opts
            opt = rng.choice(attacks) if attacks and rng.random() < 0.85 else rng.choice(quiet)
            target = rng.choice(list(opt.targets)) if opt.target_kind != TARGET_NONE else None
            sight = _Sight(battle, screen.view)
            start, first = len(screen.log.entries), len(battle.log)
            assert commit_anyway(screen, opt, target), screen.message
            events = battle.log[first:]
            assert len(screen.log.entries) - start == len(events)
            for i, ev in enumerate(events):
                attacker = _actor(ev)
                if attacker is not None and attacker in sight.units:
                    name = sight.units[attacker][3]
                    for side in (1, 2):
                        alt = screen.log.alts[start + i]
                        line = alt.get(side, screen.log.entries[start + i][0]) if alt else screen.log.entries[start + i][0]
                        checked += 1
                        if not sight.sees(side, attacker):
                            unseen_checked += 1
                            assert line is None or name not in line, (ruleset_id, side, line)
                        else:
                            assert line is not None and name in line, (ruleset_id, side, line)
                sight.follow(ev)
        pygame.display.quit()
        app = make_app()
    assert checked >= 6, checked
    if ruleset_id in UNSEEN_SHOTS:
        assert unseen_checked >= 1, "no shot from out of sight was played: the test checks nothing"


@pytest.mark.parametrize("ruleset_id", ["actionblock", "d20", "fate", "fivebyfive", "mahou"])
def test_every_attack_line_of_a_ruleset_reads_without_its_unseen_shooter(ruleset_id):
    """Each attack line a ruleset writes (played headless on the brush field), read by
    the target's side with the shooter out of sight: the shooter's name is gone, the
    target's stays, and the line still says something."""
    from game.ai.levels import make_ai
    from game.ui.fog_words import UNSEEN, fog_line
    battle = brush_battle(ruleset_id, 3)
    ais = {t: make_ai(ruleset_id, 30 + t, "greedy") for t in battle.teams()}
    read = 0
    for _ in range(120):
        if battle.pending is None or battle.over:
            break
        d = battle.pending
        for ev in battle.submit(ais[d.side].decide(battle, d)):
            attacker, target = _actor(ev), getattr(ev, "target", None)
            if attacker is None or not isinstance(target, int) or battle.team(attacker) == battle.team(target):
                continue
            text = ev.describe()
            shooter, victim = battle.name(attacker), battle.name(target)
            line = fog_line(text, [shooter], [victim])
            assert line is not None and shooter not in line and victim in line, (text, line)
            assert UNSEEN in line.lower()
            read += 1
    assert read >= 3, read


def test_a_shot_from_out_of_sight_is_drawn_at_the_target_only(make_app, monkeypatch):
    """A person plays side 2 against the AI under fog; the AI's shots at its unit in the
    brush come from out of sight: no line is drawn from the shooter's tile."""
    battle = brush_battle("d20", 1)

    class Shooter:
        def decide(self, b, d):
            shoot = d.option("shoot") or next((o for o in d.options if o.offensive and o.targets), None)
            if shoot is not None and shoot.targets:
                return shoot.choice(shoot.targets[0])
            end = d.option("end_turn") or d.options[-1]
            return end.choice(None) if end.target_kind == TARGET_NONE else end.choice(end.targets[0])

    app = make_app()
    screen = start_screen(app, battle, sides={1: "ai", 2: "human"}, fog=True, speed=1.0,
                          controllers={1: Shooter()})
    lines: list = []
    real_line = pygame.draw.line
    shots_unseen = 0
    draw_shot = battle_frame._shot

    def spy_shot(s, surface):
        nonlocal shots_unseen
        step = screen.anim.shot
        if step is None or step.source in screen.shown_units():
            return draw_shot(s, surface)
        shots_unseen += 1
        pygame.draw.line = lambda s, c, a, b, *k: (lines.append((a, b)), real_line(s, c, a, b, *k))[1]
        try:
            return draw_shot(s, surface)
        finally:
            pygame.draw.line = real_line
    monkeypatch.setattr(battle_frame, "_shot", spy_shot)
    for _ in range(600):
        if shots_unseen >= 3 or battle.over:
            break
        if screen.decision is not None:    # side 2 (the person) ends its turn at once
            end = screen.decision.option("end_turn")
            screen.controls.commit(end, None) if end is not None else screen.controls.commit(
                screen.decision.options[0], None if screen.decision.options[0].target_kind == TARGET_NONE
                else screen.decision.options[0].targets[0])
        pump(app, 1, dt=0.03)
    assert shots_unseen >= 1, "the AI fired no shot from out of sight"
    assert lines == []


def test_suppressing_fire_from_out_of_sight_is_read_and_drawn_where_the_side_sees_it(make_app):
    """d20: a cone laid by a shooter the side cannot see reaches tiles it does see. The
    side reads that fire is laid (the shooter unnamed) and sees the cone's hatching on
    those tiles only; nothing marks the shooter's tile."""
    from game.rulesets.d20.events import SuppressionLaid
    from tests.ui.conftest import confirm_handover, field_battle
    walls = [(7, y) for y in range(0, 12) if y not in (5, 6)]
    app = make_app()
    battle = field_battle([(1, "gunner", 2, 2), (2, "gunner", 12, 2)], w=15, h=12, walls=walls, seed=4)
    screen = start_screen(app, battle, sides={1: "human", 2: "human"}, fog=True, speed=0)
    confirm_handover(app)
    side = screen.keyboard_side
    foe = next(u for u in battle.units() if battle.team(u) != side)
    assert foe not in screen.shown_units()
    vis = screen.visible_grid()
    seen = [t for t in ((x, y) for x in range(15) for y in range(12)) if vis[t]][:6]
    hidden = [battle.tile(foe)]
    cone = frozenset(seen + hidden)
    ev = SuppressionLaid(foe, battle.name(foe), cone, 16)
    alt = screen._redactor(screen.view, screen.view)(ev, ev.describe())
    line = alt[side]
    assert line is not None and battle.name(foe) not in line and line.startswith("An unseen enemy lays down")
    screen.zones = [(foe, battle.team(foe), cone, "suppression", "Suppressing fire")]
    drawn = battle_frame.drawn_zones(screen, screen.shown_units())
    assert [z.tiles for z in drawn] == [frozenset(seen)]
