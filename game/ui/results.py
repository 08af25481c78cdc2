"""After a battle: the winner, rounds, casualties, and each side's strength over the rounds."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import objectives
from game.engine.events import RoundStarted
from game.errors import SaveError
from game.ui import theme
from game.ui.mission_words import last_round
from game.ui.screen import Screen, key_char

DEMO_NEXT = 6.0  # seconds before the demo moves on to its next battle


def strength_history(battle: Any) -> dict[int, list[float]]:
    """Each side's strength as the ruleset's own `health` reports it (hit points, wounds
    turned to a track, ...), as a share of its strength at the start, at the start of
    every round and at the end; a unit out of the fight counts nothing.

    The battle is played again from its seed and choices (exact: the same dice fall) and
    `health` is read at each round's start: every ruleset's way of being hurt counts,
    not only Damaged events. A battle that cannot be replayed (forced dice in a test)
    falls back to reading its log."""
    from game.engine.battle import Battle
    from game.engine.dice import Dice
    if type(battle.dice) is not Dice or not hasattr(battle.ruleset, "health"):
        return _history_from_log(battle)
    try:
        fresh = Battle(battle.map, battle.ruleset, battle.orders, seed=battle.seed,
                       max_rounds=battle.max_rounds, player_sides=battle.player_sides)
    except Exception:
        return _history_from_log(battle)
    try:
        units = sorted(fresh.units())
        team = {u: fresh.team(u) for u in units}
        start = {t: sum(_strength(fresh, u) for u in units if team[u] == t) or 1.0 for t in set(team.values())}
        history: dict[int, list[float]] = {t: [] for t in sorted(start)}

        def record() -> None:
            for t in history:
                history[t].append(sum(_strength(fresh, u) for u in units if team[u] == t) / start[t])

        seen = 0

        def catch_up() -> None:
            nonlocal seen
            for ev in fresh.log[seen:]:
                if isinstance(ev, RoundStarted):  # a ruleset's own kind too (Action Block's)
                    record()
            seen = len(fresh.log)

        catch_up()
        for choice in battle.choices:
            fresh.submit(choice)
            catch_up()
        record()
        return history
    except Exception:
        return _history_from_log(battle)
    finally:
        fresh.close()


def _strength(battle: Any, unit: int) -> float:
    """A unit's strength for the chart: its health now, nothing once out of the fight."""
    if not battle.active(unit):
        return 0.0
    now, _ = battle.ruleset.health(battle, unit)
    return float(max(0, now))


def _history_from_log(battle: Any) -> dict[int, list[float]]:
    """Each side's hit points still in the fight, as a share of its start, at the start of
    every round and at the end. Rebuilt from the log (Damaged / OutOfFight events), so it
    works for a loaded or replayed battle too; a ruleset without hit points counts units."""
    units = battle.units()
    team = {u: battle.team(u) for u in units}
    has_hp = hasattr(battle.ruleset, "health")
    hp: dict[int, float] = {}
    for u in units:
        if has_hp:
            try:
                now, _ = battle.ruleset.health(battle, u)
            except Exception:
                has_hp = False
                break
            hp[u] = now
    if has_hp:
        for ev in battle.log:
            if type(ev).__name__ == "Damaged" and ev.unit in hp:
                hp[ev.unit] += ev.amount
    else:
        hp = {u: 1.0 for u in units}
    start = {t: sum(max(0.0, hp[u]) for u in units if team[u] == t) or 1.0 for t in set(team.values())}
    alive = {u: True for u in units}
    history: dict[int, list[float]] = {t: [] for t in sorted(start)}

    def record() -> None:
        for t in history:
            total = sum(max(0.0, hp[u]) for u in units if team[u] == t and alive[u])
            history[t].append(total / start[t])

    for ev in battle.log:
        kind = type(ev).__name__
        if isinstance(ev, RoundStarted):
            record()
        elif kind == "Damaged" and has_hp and ev.unit in hp:
            hp[ev.unit] = ev.remaining
        elif kind == "OutOfFightEvent" and ev.unit in alive:
            alive[ev.unit] = False
    record()
    return history


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, history: dict[int, list[float]]) -> None:
    theme.panel(surface, rect)
    surface.blit(theme.text("Strength over the rounds (health still in the fight, as the ruleset counts it)", 13, theme.DIM),
                 (rect.x + 10, rect.y + 6))
    plot = pygame.Rect(rect.x + 40, rect.y + 30, rect.w - 56, rect.h - 56)
    pygame.draw.rect(surface, (14, 16, 20), plot)
    for frac in (0.0, 0.5, 1.0):
        y = plot.bottom - int(frac * plot.h)
        pygame.draw.line(surface, (50, 56, 66), (plot.x, y), (plot.right, y))
        surface.blit(theme.text(f"{int(frac * 100)}%", 11, theme.DIM), (rect.x + 6, y - 7))
    n = max((len(v) for v in history.values()), default=0)
    if n == 0:
        return
    for i in range(n):
        if n <= 16 or i % max(1, n // 8) == 0:
            x = plot.x + (plot.w * i // max(1, n - 1) if n > 1 else plot.w // 2)
            label = "end" if i == n - 1 else f"R{i + 1}"
            img = theme.text(label, 10, theme.DIM)
            surface.blit(img, (x - img.get_width() // 2, plot.bottom + 4))
    for team, values in history.items():
        pts = [(plot.x + (plot.w * i // max(1, n - 1) if n > 1 else plot.w // 2),
                plot.bottom - int(v * plot.h)) for i, v in enumerate(values)]
        colour = theme.team_colour(team)
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, colour, p, 4)


def side_rows(battle: Any, team: int) -> tuple[str, list[tuple[str, str, bool]]]:
    """A side's panel on the results screen: its count ("4 of 6 out of the fight, 2 got
    away") and a row per unit (name, state, still fine): "down", its health, or "got
    away" for a unit that left by an exit (safe, not a casualty: a scenario's rule)."""
    units = battle.units(team)
    left = objectives.left_units(battle, team)
    down = [u for u in units if not battle.active(u)]
    count = f"{len(down)} of {len(units) + len(left)} out of the fight"
    if left:
        count += f", {len(left)} got away"
    rows = []
    for u in sorted(units + left):
        if u in left:
            rows.append((battle.name(u), "got away", True))
        elif not battle.active(u):
            rows.append((battle.name(u), "down", False))
        else:
            hp = ""
            if hasattr(battle.ruleset, "health"):
                now, most = battle.ruleset.health(battle, u)
                hp = f"{max(0, now)}/{most} HP"
            rows.append((battle.name(u), hp, True))
    return count, rows


class ResultsScreen(Screen):
    title = "Results"

    def __init__(self, app, battle, sides, demo=False, squads=None, fog=False, speed=1.0,
                 ai_levels=None) -> None:
        super().__init__(app)
        self.ai_levels = ai_levels
        self.battle, self.sides, self.demo, self.squads = battle, sides, demo, squads
        self.fog, self.speed = fog, speed
        self.history = strength_history(battle)
        self.countdown = DEMO_NEXT if demo else None
        self.message = ""
        self.buttons: list[tuple[pygame.Rect, str, Any]] = []
        self.index = 0
        end = next((e for e in reversed(battle.log) if type(e).__name__ == "BattleEnded"), None)
        self.reason = getattr(end, "reason", "") if end else ""

    def actions(self):
        items = [("Watch the replay", "v", self.watch), ("Save the replay", "s", self.save),
                 ("Play again (new seed)", "r", self.again), ("Main menu", "m", self.menu)]
        if self.demo:
            items.insert(0, ("Next battle", "n", self.next_demo))
        return items

    def watch(self) -> None:
        self.next = self.app.screens.replay_of(self.battle, self.squads, back=self)
        self.countdown = None

    def save(self) -> None:
        from game.ui.saves import save_battle
        try:
            path = save_battle(self.battle, self.sides, self.fog, self.squads)
        except SaveError as exc:
            self.message = f"Save failed: {exc}"
            return
        self.message = f"Saved: {path}"
        self.countdown = None

    def again(self) -> None:
        from game.engine.battle import Battle
        from game.engine.dice import next_seed
        b = self.battle
        battle = Battle(b.map, b.ruleset, b.orders, seed=next_seed(b.seed), max_rounds=b.max_rounds,
                        player_sides=b.player_sides)
        self.next = self.app.screens.battle(battle, self.sides, self.fog, self.speed, squads=self.squads,
                                            demo=self.demo, ai_levels=self.ai_levels)

    def menu(self) -> None:
        self.next = self.app.screens.menu()

    def next_demo(self) -> None:
        self.next = self.app.next_demo_battle()

    def wake_in(self) -> float | None:
        return max(0.0, self.countdown) if self.countdown is not None else None

    def update(self, dt: float) -> None:
        if self.countdown is not None:
            self.countdown -= dt
            if self.countdown <= 0:
                self.countdown = None
                self.next_demo()

    def handle(self, event) -> None:
        acts = self.actions()
        if event.type == pygame.KEYDOWN:
            self.countdown = None if not self.demo or event.key != pygame.K_n else self.countdown
            ch = key_char(event).lower()
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.index = (self.index - 1) % len(acts)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.index = (self.index + 1) % len(acts)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                acts[self.index][2]()
            elif event.key == pygame.K_ESCAPE:
                self.menu()
            else:
                for _, k, fn in acts:
                    if ch == k:
                        fn()
                        return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, _, fn in self.buttons:
                if r.collidepoint(event.pos):
                    fn()
                    return
        elif event.type == pygame.MOUSEMOTION:
            for i, (r, _, _) in enumerate(self.buttons):
                if r.collidepoint(event.pos):
                    self.index = i

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        b = self.battle
        if b.winner is None:
            title, colour = "Draw", theme.TEXT
        else:
            humans = [t for t, k in self.sides.items() if k == "human"]
            if len(humans) == 1:
                title = "Victory" if b.winner in humans else "Defeat"
                colour = theme.GOOD if b.winner in humans else theme.BAD
            else:
                title, colour = f"Side {b.winner} wins", theme.team_colour(b.winner)
        img = theme.text(title, 44, colour, bold=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, 24)))
        rounds = last_round(b.log, b.round)   # the round it ended in, not the next one counted
        sub = f"{b.map.name} · {getattr(b.ruleset, 'name', b.ruleset.id)} · seed {b.seed} · {rounds} round" \
              f"{'s' if rounds != 1 else ''}" + (f" · {self.reason}" if self.reason else "")
        simg = theme.text(sub, 15, theme.DIM)
        surface.blit(simg, simg.get_rect(midtop=(w // 2, 84)))
        # casualties per side
        teams = b.teams()
        totals = objectives.points(b) if getattr(b.map, "scenario", None) is not None else None
        col_w = min(360, (w - 60) // max(1, len(teams)))
        x0 = w // 2 - col_w * len(teams) // 2
        for i, t in enumerate(teams):
            r = pygame.Rect(x0 + i * col_w + 6, 120, col_w - 12, 190)
            theme.panel(surface, r)
            who = self.sides.get(t, "ai")
            head = f"Side {t} ({'person' if who == 'human' else 'AI'})"
            if totals is not None:   # a mission: the side's points, whatever ended it
                head += f" · {totals.get(t, 0)} point{'s' if totals.get(t, 0) != 1 else ''}"
            surface.blit(theme.text(theme.fit(head, r.w - 20, 16, bold=True), 16,
                                    theme.team_colour(t), bold=True), (r.x + 10, r.y + 8))
            count, rows = side_rows(b, t)
            surface.blit(theme.text(count, 13, theme.TEXT), (r.x + 10, r.y + 32))
            y = r.y + 54
            for name, state, fine in rows:
                if y > r.bottom - 18:
                    break
                surface.blit(theme.text(name, 13, theme.TEXT if fine else theme.DIM), (r.x + 12, y))
                st = theme.text(state, 13, theme.GOOD if fine else theme.BAD)
                surface.blit(st, (r.right - st.get_width() - 10, y))
                y += 17
        chart = pygame.Rect(w // 2 - min(420, w // 2 - 20), 322, min(840, w - 40), max(140, h - 322 - 110))
        draw_chart(surface, chart, self.history)
        # buttons
        acts = self.actions()
        bw = 200
        x = w // 2 - (bw + 10) * len(acts) // 2
        self.buttons = []
        for i, (label, k, fn) in enumerate(acts):
            r = pygame.Rect(x + i * (bw + 10), h - 84, bw, 44)
            theme.button(surface, r, label, hover=i == self.index, armed=i == self.index, key=k.upper(), size=14)
            self.buttons.append((r, k, fn))
        note = self.message
        if self.countdown is not None:
            note = f"Next demo battle in {max(0, int(self.countdown + 0.99))} s — any key stops the countdown"
        if note:
            img = theme.text(note, 14, theme.DIM)
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - 10)))

    def help_lines(self):
        return [("Arrows / Tab", "choose"), ("Enter", "do it"), ("V", "watch the replay"),
                ("S", "save the replay"), ("R", "play again with a new seed"), ("M or Esc", "main menu"),
                ("N", "next demo battle (demo)")]
