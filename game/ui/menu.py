"""The menu: map (with a thumbnail), ruleset (with its summary), who plays each side,
fog of war, seed; start, load a saved battle, watch a replay, or the AI demo.

Everything works from the keyboard: Up/Down choose a row, Left/Right change it,
digits type the seed, Enter starts. The last choices are remembered.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame

from game.errors import InputError, SaveError
from game.ui import theme
from game.ui.mission_words import side_sizes
from game.ui.screen import Screen, key_char
from game.ui.settings import SPEEDS, save_settings, speed_label

THUMB = (300, 300)
#: Under a scenario map's thumbnail, at least this many pixels for its name and briefing
#: (a square scenario map's picture is made shorter to leave them), at the font scale 1;
#: they grow with the fonts (at 1920x1080 the briefing had room for two lines of five).
MISSION_H = 90


def shipped_maps() -> list[Path]:
    """The shipped battle maps, then the player's map folder (game/world/catalog.py)."""
    from game.world.catalog import menu_maps
    return menu_maps()


def ruleset_levels(ruleset_id: str) -> tuple[str, ...]:
    """The AI levels offered for a ruleset: the level registry's (game.ai.levels), or
    before it exists the ruleset module's own LEVELS."""
    import importlib
    try:
        from game.ai.levels import ai_levels
    except ImportError:
        try:
            module = importlib.import_module(f"game.ai.{ruleset_id}")
        except ImportError:
            return ("normal",)
        own = tuple(getattr(module, "LEVELS", ("normal",)))
        order = ("random", "easy", "greedy", "normal", "hard")
        return tuple(lv for lv in order if lv in own) or ("normal",)
    return tuple(ai_levels(ruleset_id))


class MapInfo:
    """A map loaded for the menu: its TacticalMap and thumbnail, or why it cannot load."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tmap = None
        self.error = ""
        self._thumb = None
        self._thumb_scale = None  # the font scale it was drawn for (a scenario's text grows with it)
        self._thumb_ruleset = None  # ... and the ruleset whose spawns it dots (a map may deploy per ruleset)
        try:
            from game.world.tiled import load_map
            self.tmap = load_map(path)
        except InputError as exc:
            self.error = str(exc)

    @property
    def name(self) -> str:
        return self.tmap.name if self.tmap else self.path.stem

    def thumb(self, ruleset: str) -> pygame.Surface | None:
        drawn = (theme.SCALE, ruleset)
        if self.tmap is not None and (self._thumb is None or (self._thumb_scale, self._thumb_ruleset) != drawn):
            from game.ui.tilemap import thumbnail
            text = round(MISSION_H * theme.SCALE)
            box = THUMB if self.tmap.scenario is None else (THUMB[0], THUMB[1] - text)
            self._thumb = thumbnail(self.tmap.for_ruleset(ruleset), box, theme.team_colour)
            self._thumb_scale, self._thumb_ruleset = drawn
        return self._thumb


class MenuScreen(Screen):
    title = "Menu"

    def __init__(self, app, note: str = "") -> None:
        super().__init__(app)
        from game.rulesets import REGISTRY
        self.s = app.settings
        self.rulesets = list(REGISTRY.values())
        paths = shipped_maps()
        extra = getattr(app, "extra_map", None)
        if extra is not None and Path(extra).resolve() not in [p.resolve() for p in paths]:
            paths.insert(0, Path(extra))
        from game.ui.map_open import remembered_map  # a map last opened by its path (key O)
        opened = remembered_map(self.s.map)
        if opened is not None and opened.resolve() not in [p.resolve() for p in paths]:
            paths.append(opened)
        self.opener = None
        self.map_paths = paths
        self._maps: dict[Path, MapInfo] = {}
        self.map_index = self._find_map(self.s.map)
        self.rs_index = next((i for i, r in enumerate(self.rulesets) if r.id == self.s.ruleset), 0)
        self.focus = 0
        self.message = note
        self.picker: tuple[str, list[Path], int] | None = None
        self.hit: list[tuple[pygame.Rect, Any]] = []
        self.seed_text = str(self.s.seed)
        self._drawn = False   # until the first frame: no map loaded (numpy, Tiled) yet

    def _find_map(self, name: str) -> int:
        try:
            wanted = Path(name).resolve()
        except (OSError, RuntimeError):
            wanted = None
        for i, p in enumerate(self.map_paths):
            if name in (p.stem, p.name, str(p)) or (wanted is not None and p.resolve() == wanted):
                return i
        return 0

    # --- model -----------------------------------------------------------------------
    @property
    def map_info(self) -> MapInfo | None:
        if not self.map_paths or not self._drawn:
            return None   # the window's first frame shows before any map is loaded
        p = self.map_paths[self.map_index % len(self.map_paths)]
        if p not in self._maps:
            self._maps[p] = MapInfo(p)
        return self._maps[p]

    def teams(self) -> list[int]:
        info = self.map_info
        return info.tmap.teams() if info and info.tmap else [1, 2]

    @property
    def ruleset_id(self) -> str | None:
        """The chosen ruleset's id (None: no ruleset is offered)."""
        return self.rulesets[self.rs_index].id if self.rulesets else None

    def ai_levels(self) -> tuple[str, ...]:
        """The AI levels the chosen ruleset offers (the registry's, weakest first).
        Asked only when a side's row changes: it loads the ruleset's AI."""
        return ruleset_levels(self.ruleset_id or "")

    def rows(self) -> list[str]:
        # one row per side picks Person or an AI level: no row comes and goes, so the
        # keyboard focus never lands on another row by surprise
        return ["map", "ruleset"] + [f"side:{t}" for t in self.teams()] + ["fog", "seed", "speed"]

    def buttons(self):
        return [("Start battle", self.start), ("Squads", self.open_squads),
                ("Load saved battle", lambda: self.open_picker("load")),
                ("Watch a replay", lambda: self.open_picker("replay")), ("AI demo", self.demo),
                ("Guided first battle", self.lesson),
                ("Network battle", self.network),
                ("Settings", self.open_settings), ("Quit", self.quit)]

    def open_squads(self) -> None:
        """Each side's squad before the battle (game/ui/squad_choice.py), which starts it."""
        self._sync()
        self.next = self.app.screens.squad_choice(self)

    def network(self) -> None:
        """Join or host a network battle (game/ui/net_menu.py, docs/network.md)."""
        self.next = self.app.screens.network(self)

    def open_settings(self) -> None:
        self.next = self.app.screens.settings(self)

    def change(self, row: str, step: int) -> None:
        if row == "map" and self.map_paths:
            self.map_index = (self.map_index + step) % len(self.map_paths)
        elif row == "ruleset":
            self.rs_index = (self.rs_index + step) % len(self.rulesets)
        elif row.startswith("side:"):
            # Person, then each AI level, weakest first
            t = row.split(":")[1]
            choices = ["human"] + [f"ai:{lv}" for lv in self.ai_levels()]
            now = "human" if self.s.side(int(t)) == "human" else f"ai:{self.s.level(int(t))}"
            i = choices.index(now) if now in choices else (choices.index("ai:normal") if "ai:normal" in choices else 0)
            pick = choices[(i + step) % len(choices)]
            self.s.sides[t] = "human" if pick == "human" else "ai"
            if pick != "human":
                self.s.levels[t] = pick.split(":", 1)[1]
        elif row == "fog":
            self.s.fog = not self.s.fog
        elif row == "seed":
            self.seed_text = str(max(0, int(self.seed_text or 0) + step))
        elif row == "speed":
            i = SPEEDS.index(self.s.speed) if self.s.speed in SPEEDS else 0
            self.s.speed = SPEEDS[(i + step) % len(SPEEDS)]
        self._sync()

    def _sync(self) -> None:
        self._drawn = True   # an answer needs the map: load it now
        info = self.map_info
        if info is not None:
            from game.world.catalog import map_ref  # shipped or player's folder: by name
            ref = map_ref(info.path)
            self.s.map = info.path.stem if ref.startswith(("maps/", "user-maps/")) else str(info.path)
        if self.rulesets:
            self.s.ruleset = self.rulesets[self.rs_index].id
        try:
            self.s.seed = int(self.seed_text or 0)
        except ValueError:
            self.s.seed = 0

    # --- actions -------------------------------------------------------------------------
    def start(self, chosen: dict | None = None, back: Screen | None = None) -> None:
        """Start the battle; `chosen`: the squads' new_battle arguments (squads, names,
        custom), from the squad screen or `play --squad`; `back`: where a mission's
        briefing goes back to (the squad screen that chose them; else this menu)."""
        from game.engine.setup import new_battle
        self._sync()
        info = self.map_info
        if info is None or info.tmap is None:
            self.message = info.error if info else "No maps found"
            return
        note = save_settings(self.s, self.app.settings_path)
        humans = frozenset(t for t in self.teams() if self.s.side(t) == "human")
        try:
            # the sides people command are part of the battle: some rules favour them
            battle = new_battle(info.path, self.s.ruleset, seed=self.s.seed, player_sides=humans, **(chosen or {}))
        except InputError as exc:
            self.message = str(exc)
            return
        sides = {t: self.s.side(t) for t in battle.teams()}
        levels = {t: self.s.level(t) for t in battle.teams() if sides[t] != "human"}
        if levels:
            offered = self.ai_levels()
            levels = {t: lv if lv in offered else "normal" for t, lv in levels.items()}
        def begin() -> Screen:
            screen = self.app.screens.battle(battle, sides, self.s.fog, self.s.speed, ai_levels=levels,
                                             squads=(chosen or {}).get("squads"))
            if note:
                screen.say(note)
            return screen
        if battle.map.scenario is not None:  # a mission is read before it is fought
            players = {t: "a person" if who == "human" else f"the AI ({levels.get(t, 'normal')})"
                       for t, who in sides.items()}
            self.next = self.app.screens.briefing(battle, begin, back=back or self, players=players)
        else:
            self.next = begin()

    def lesson(self) -> None:
        """The guided first battle (game/ui/tutorial.py): mahou on The Pit, you against
        the easy AI, a panel walking through one turn and a reaction."""
        from game.ui.tutorial import Tutorial, new_lesson_battle
        battle = new_lesson_battle()
        self.next = self.app.screens.battle(battle, {1: "human", 2: "ai"}, False, 1.0, ai_levels={2: "easy"})
        self.next.tutorial = Tutorial()

    def demo(self) -> None:
        self._sync()
        save_settings(self.s, self.app.settings_path)
        self.app.demo_queue = None
        # the menu's AI speed, but a demo at "instant" would show nothing but its end
        self.app.demo_args["speed"] = self.s.speed or 4.0
        self.next = self.app.next_demo_battle()

    def quit(self) -> None:
        self._sync()
        save_settings(self.s, self.app.settings_path)
        self.app.running = False

    def open_picker(self, kind: str) -> None:
        from game.ui.saves import list_saves
        files = list_saves()
        if not files:
            from game.ui.settings import saves_dir
            self.message = f"No saved battles or replays in {saves_dir()}"
            return
        self.picker = (kind, files, 0)

    def open_map_file(self) -> None:
        from game.ui.map_open import MapPathEntry
        self.opener = MapPathEntry(self.add_map)

    def add_map(self, path: Path) -> None:
        """Select a map opened by its path, adding it to the list."""
        known = [p.resolve() for p in self.map_paths]
        if path.resolve() not in known:
            self.map_paths.append(path)
            known.append(path.resolve())
        self.map_index = known.index(path.resolve())
        self._sync()

    def pick(self, path: Path) -> None:
        kind = self.picker[0] if self.picker else "load"
        self.picker = None
        if kind == "replay":
            try:
                self.next = self.app.screens.replay_file(path, back=self.app.screens.menu())
            except SaveError as exc:
                self.message = str(exc)
            return
        from game.ui.saves import load_battle
        try:
            battle, meta = load_battle(path)
        except SaveError as exc:
            self.message = str(exc)
            return
        if battle.over:
            sides = meta.get("sides") or {t: self.s.side(t) for t in battle.teams()}
            self.next = self.app.screens.results(battle, sides, squads=meta.get("squads"))
            return
        sides = meta.get("sides") or {t: self.s.side(t) for t in battle.teams()}
        screen = self.app.screens.battle(battle, sides, meta.get("fog", self.s.fog), self.s.speed,
                                         squads=meta.get("squads"), ai_levels=meta.get("levels"))
        screen.say(f"Loaded {path.name} (round {battle.round})")
        screen.saved_at = len(battle.choices)   # leaving at once loses nothing: no question
        self.next = screen

    # --- input -----------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.opener is not None:  # the open-a-map-file box (game/ui/map_open.py)
            self.opener.handle(event)
            self.opener = None if self.opener.done else self.opener
            return
        if self.picker is not None:
            self._handle_picker(event)
            return
        rows, buttons = self.rows(), self.buttons()
        count = len(rows) + len(buttons)
        if event.type == pygame.KEYDOWN:
            k, ch = event.key, key_char(event)
            focus_row = rows[self.focus] if self.focus < len(rows) else None
            if k in (pygame.K_UP,) or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus - 1) % count
            elif k in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % count
            elif k == pygame.K_LEFT:
                if focus_row:
                    self.change(focus_row, -1)
                else:
                    self.focus = max(len(rows), self.focus - 1)
            elif k == pygame.K_RIGHT:
                if focus_row:
                    self.change(focus_row, 1)
                else:
                    self.focus = min(count - 1, self.focus + 1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if focus_row is None:
                    buttons[self.focus - len(rows)][1]()
                else:
                    self.start()
            elif k == pygame.K_SPACE and focus_row is not None:
                self.change(focus_row, 1)
            elif k == pygame.K_SPACE:
                buttons[self.focus - len(rows)][1]()
            elif k == pygame.K_ESCAPE:
                self.quit()
            elif focus_row == "seed" and k == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
                self._sync()
            elif focus_row == "seed" and ch.isdigit():
                if len(self.seed_text) < 9:
                    self.seed_text = (self.seed_text if self.seed_text != "0" else "") + ch
                self._sync()
            elif ch.lower() == "r" and focus_row == "seed":
                self.seed_text = str(random.randrange(1, 1_000_000))
                self._sync()
            elif ch.lower() == "o":
                self.open_map_file()
            elif ch.lower() == "l":
                self.open_picker("load")
            elif ch.lower() == "v":
                self.open_picker("replay")
            elif ch.lower() == "d":
                self.demo()
            elif ch.lower() == "q":
                self.quit()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.focus < len(rows):
                self.change(rows[self.focus], 1 if event.y > 0 else -1)

    def _handle_picker(self, event) -> None:
        kind, files, i = self.picker
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.picker = None
            elif event.key == pygame.K_UP:
                self.picker = (kind, files, (i - 1) % len(files))
            elif event.key == pygame.K_DOWN:
                self.picker = (kind, files, (i + 1) % len(files))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(files[i])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # the window's first frame shows at once: the map (numpy, the Tiled reader, its
        # thumbnail) loads for the next one, a moment later
        self._draw(surface)
        if not self._drawn:
            self._drawn = True
            self.app.dirty = True

    def _draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        self.hit = []
        self.button_rects: dict[str, pygame.Rect] = {}
        title = theme.text("Rulebook Skirmish", 40, theme.ACCENT, bold=True)
        surface.blit(title, (48, 28))
        # under the title as tall as it is drawn: at the 1.5 scale of a 1920x1080 window
        # the title's 82 px ran into a subtitle at a fixed 82 px, and the rows below
        sub = theme.text("Tabletop combat rulesets on tactical maps", 15, theme.DIM)
        sub_y = max(82, 24 + title.get_height())
        surface.blit(sub, (52, sub_y))
        self.heading = (title.get_rect(topleft=(48, 28)), sub.get_rect(topleft=(52, sub_y)))
        top = max(124, sub_y + sub.get_height() + 10)
        rows = self.rows()
        x, y = 48, top
        label_w, value_w = 150, 340
        for i, row in enumerate(rows):
            focused = i == self.focus
            r = pygame.Rect(x, y, label_w + value_w + 20, 40)
            if focused:
                pygame.draw.rect(surface, (40, 46, 60), r, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=6)
            label, value, colour = self._row_text(row)
            limg = theme.text(label, 16, theme.TEXT if focused else theme.DIM, bold=focused)
            surface.blit(limg, limg.get_rect(midleft=(x + 12, r.centery)))
            left = pygame.Rect(x + label_w, y + 6, 28, 28)
            right = pygame.Rect(x + label_w + value_w - 28, y + 6, 28, 28)
            theme.arrow_button(surface, left, -1, hover=left.collidepoint(self.app.mouse))
            theme.arrow_button(surface, right, 1, hover=right.collidepoint(self.app.mouse))
            val = theme.text(value, 16, colour, bold=True)
            if val.get_width() > value_w - 70:
                val = theme.text(value, 13, colour, bold=True)
            surface.blit(val, val.get_rect(center=(x + label_w + value_w // 2, y + 20)))
            self.hit.append((left, lambda row=row, i=i: (self._focus(i), self.change(row, -1))))
            self.hit.append((right, lambda row=row, i=i: (self._focus(i), self.change(row, 1))))
            self.hit.append((r, lambda i=i: self._focus(i)))
            y += 43 if h >= 680 else 39  # a short window: three rows of buttons clear the hint line
            if row == "ruleset" and self.rulesets:
                summary = self.rulesets[self.rs_index].summary
                for ln in theme.wrap(summary, label_w + value_w, 13)[:2]:
                    surface.blit(theme.text(ln, 13, theme.DIM), (x + 14, y - 4))
                    y += max(17, theme.font(13).get_height())   # its lines apart at any scale
                y += 4
        # the thumbnail's box, where the buttons must not go
        tx = max(x + label_w + value_w + 70, w - THUMB[0] - 60)
        box = self.thumb_box = pygame.Rect(tx - 10, top, THUMB[0] + 20, THUMB[1] + 110)
        # the buttons under the rows: beside the box they wrap at its left edge (at
        # 1024x600 the box covered "AI demo" and "Settings"), below it at the window's;
        # on a short window they are a little lower so two rows clear the hint line
        y = max(y + 8, min(544, h - 150)) if h >= 680 else y + 6
        bh, gap = (44, 8) if h >= 680 else (38, 6)
        bx = x
        for j, (label, action) in enumerate(self.buttons()):
            idx = len(rows) + j
            # (narrower on a short window: seven buttons in two rows clear the hint line)
            bw = (190 if j == 0 else 170) if h >= 680 else (150 if j == 0 else 136)
            right = box.x - 12 if y < box.bottom else w - 40
            if bx + bw > right and bx > x:
                bx, y = x, y + bh + gap
            r = pygame.Rect(bx, y, bw, bh)
            theme.button(surface, r, label, hover=r.collidepoint(self.app.mouse), armed=idx == self.focus,
                         size=(15 if j == 0 else 14) if h >= 680 else 13)
            self.hit.append((r, action))
            self.button_rects[label] = r
            bx += bw + 12
        # thumbnail and map facts
        info = self.map_info
        theme.panel(surface, box, alpha=False)
        if info is not None:
            thumb = info.thumb(self.ruleset_id)
            if thumb is not None:
                surface.blit(thumb, thumb.get_rect(midtop=(box.centerx, box.y + 10)))
                tm = info.tmap
                if tm.scenario is not None:  # a mission: its name and briefing under the picture
                    top = box.y + 10 + thumb.get_height() + 8
                    self.mission_rect = pygame.Rect(box.x + 12, top, box.w - 24, box.y + THUMB[1] + 18 - top)
                    self._draw_mission(surface, tm.scenario.for_ruleset(self.ruleset_id), self.mission_rect)
                facts = f"{tm.width}×{tm.height} tiles · {tm.feet_per_tile} ft a tile"
                # what each side fields in the chosen ruleset (a scenario may set its squads per ruleset)
                per_team = side_sizes(tm, self.ruleset_id)
                surface.blit(theme.text(info.name, 17, theme.TEXT, bold=True), (box.x + 12, box.y + THUMB[1] + 24))
                surface.blit(theme.text(facts, 13, theme.DIM), (box.x + 12, box.y + THUMB[1] + 50))
                sx = box.x + 12
                for t, n in sorted(per_team.items()):
                    img = theme.text(f"Side {t}: {n} units", 13, theme.team_colour(t), bold=True)
                    surface.blit(img, (sx, box.y + THUMB[1] + 72))
                    sx += img.get_width() + 16
            else:
                for i, ln in enumerate(theme.wrap(info.error or "cannot load", THUMB[0], 13)):
                    surface.blit(theme.text(ln, 13, theme.BAD), (box.x + 12, box.y + 20 + 17 * i))
        hint = "Up/Down choose · Left/Right change · digits type the seed (R: random) · Enter start · O open a map file · L load · V replay · D demo · ? keys"
        if theme.font(13).size(hint)[0] > w - 96:  # a narrow window or large text: the essentials, "?" lists the rest
            hint = theme.fit("Up/Down choose · Left/Right change · Enter start · ? every key", w - 96, 13)
        surface.blit(theme.text(hint, 13, theme.FAINT), (48, h - 30))
        if self.message:
            for i, ln in enumerate(theme.wrap(self.message, w - 96, 14)[:3]):
                surface.blit(theme.text(ln, 14, theme.WARN), (48, h - 56 - 18 * (len(theme.wrap(self.message, w - 96, 14)[:3]) - 1 - i)))
        if self.picker is not None:
            self._draw_picker(surface)
        if self.opener is not None:
            self.opener.draw(surface)

    def _draw_mission(self, surface: pygame.Surface, scenario, rect: pygame.Rect) -> None:
        """"Scenario: <name>" and as much of its briefing as fits in `rect`, the last
        line cut with an ellipsis (the briefing screen shows it whole before the battle)."""
        title = theme.fit(f"Scenario: {scenario.name}", rect.w, 15, bold=True)
        img = theme.text(title, 15, theme.ACCENT, bold=True)
        surface.blit(img, rect.topleft)
        y = rect.y + img.get_height() + 2
        step = theme.font(13).get_height()
        room = max(0, (rect.bottom - y) // step)
        text = " ".join((scenario.briefing or "").split())
        lines = theme.wrap(text, rect.w, 13) if text else []
        if len(lines) > room > 0:
            lines = lines[:room - 1] + [theme.fit(" ".join(lines[room - 1:]), rect.w, 13)]
        for ln in lines[:room]:
            surface.blit(theme.text(ln, 13, theme.DIM), (rect.x, y))
            y += step

    def _focus(self, i: int) -> None:
        self.focus = i

    def _row_text(self, row: str) -> tuple[str, str, tuple]:
        if row == "map":
            info = self.map_info
            if info is None and self.map_paths:   # not loaded yet (the first frame)
                return "Map", self.map_paths[self.map_index % len(self.map_paths)].stem.capitalize(), theme.TEXT
            return "Map", info.name if info else "no maps", theme.TEXT
        if row == "ruleset":
            return "Ruleset", self.rulesets[self.rs_index].name if self.rulesets else "none", theme.TEXT
        if row.startswith("side:"):
            t = int(row.split(":")[1])
            who = self.s.side(t)
            return (f"Side {t}", "Person" if who == "human" else f"AI · {self.s.level(t)}",
                    theme.team_colour(t))
        if row == "fog":
            return "Fog of war", "On" if self.s.fog else "Off", theme.TEXT
        if row == "seed":
            caret = "|" if self.focus < len(self.rows()) and self.rows()[self.focus] == "seed" else ""
            return "Seed", (self.seed_text or "0") + caret, theme.TEXT
        if row == "speed":
            return "AI speed", speed_label(self.s.speed), theme.TEXT
        return row, "", theme.TEXT

    def _draw_picker(self, surface) -> None:
        kind, files, index = self.picker
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, min(720, surface.get_width() - 40), min(60 + 34 * len(files), surface.get_height() - 80))
        rect.center = surface.get_rect().center
        theme.panel(surface, rect, alpha=False, edge=theme.ACCENT)
        title = "Load a saved battle" if kind == "load" else "Watch a replay"
        surface.blit(theme.text(f"{title} (Up/Down, Enter · Esc)", 17, theme.ACCENT, bold=True), (rect.x + 14, rect.y + 10))
        y = rect.y + 44
        import time
        for i, p in enumerate(files):
            if y > rect.bottom - 34:
                break
            r = pygame.Rect(rect.x + 10, y, rect.w - 20, 30)
            theme.button(surface, r, "", hover=r.collidepoint(self.app.mouse), armed=i == index)
            try:
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
            except OSError:
                when = ""
            surface.blit(theme.text(p.name, 14, theme.TEXT), (r.x + 10, r.y + 5))
            wimg = theme.text(when, 13, theme.DIM)
            surface.blit(wimg, (r.right - wimg.get_width() - 10, r.y + 6))
            self.hit.append((r, lambda p=p: self.pick(p)))
            y += 34

    def help_lines(self):
        return [("Up / Down, Tab", "choose a row or button"), ("Left / Right, wheel", "change the row's value"),
                ("Enter", "start the battle (on a button: press it)"), ("Space", "change / press"),
                ("0-9, Backspace", "type the seed (on the seed row)"), ("R", "random seed (on the seed row)"),
                ("O", "open a map file by its path"), ("L", "load a saved battle"), ("V", "watch a replay"), ("D", "AI-vs-AI demo"),
                ("Esc or Q", "quit")]
