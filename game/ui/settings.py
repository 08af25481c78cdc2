"""The menu's last choices, kept in a small JSON file in the user's config folder.

A missing, unreadable or corrupt file is never an error: the menu starts from the
defaults and says so once; the file is rewritten whole (atomically) on the next start.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

APP_DIR = "rulebook-skirmish"


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / APP_DIR


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / APP_DIR


def saves_dir() -> Path:
    return data_dir() / "saves"


SPEEDS = (1.0, 2.0, 4.0, 0.0)  # 0 means instant
UI_SCALES = ("auto", "0.9", "1.0", "1.15", "1.3")


def scale_for(setting: str, window: tuple[int, int]) -> float:
    """The font scale: a chosen factor, or ("auto") the window's height over 720,
    between 0.9 and 1.3."""
    if setting != "auto":
        try:
            return float(setting)
        except ValueError:
            return 1.0
    return max(0.9, min(1.3, window[1] / 720))


def speed_label(speed: float) -> str:
    return "instant" if speed == 0 else f"{speed:g}×"


@dataclass
class Settings:
    map: str = "woodland"            # a map's file stem in maps/, or a path
    ruleset: str = "d20"
    sides: dict[str, str] = field(default_factory=lambda: {"1": "human", "2": "ai"})
    fog: bool = False
    seed: int = 1
    speed: float = 1.0
    ai_level: str = "normal"         # the level of an AI side with none of its own
    levels: dict[str, str] = field(default_factory=dict)   # side -> its AI's level
    confirm_end_turn: bool = True    # ask before ending a turn with actions left
    ui_scale: str = "auto"           # "auto" (grows with the window) or a factor: "0.9", "1.15"...
    palette: str = "standard"        # or "colour-blind" (Okabe-Ito colours, a shape per side)
    volume: int = 60                 # sound effects, 0-100
    mute: bool = False
    window: tuple[int, int] = (1280, 720)

    def side(self, team: int) -> str:
        return self.sides.get(str(team), "human" if team == 1 else "ai")

    def level(self, team: int) -> str:
        return self.levels.get(str(team), self.ai_level)


def _clean(data: dict) -> Settings:
    """Keep each value that has the right shape; anything else falls back to its default."""
    s = Settings()
    if isinstance(data.get("map"), str) and data["map"]:
        s.map = data["map"]
    if isinstance(data.get("ruleset"), str) and data["ruleset"]:
        s.ruleset = data["ruleset"]
    sides = data.get("sides")
    if isinstance(sides, dict):
        s.sides = {str(k): v for k, v in sides.items() if v in ("human", "ai") and str(k).isdigit()} or s.sides
    if isinstance(data.get("fog"), bool):
        s.fog = data["fog"]
    if isinstance(data.get("seed"), int) and not isinstance(data.get("seed"), bool) and 0 <= data["seed"] < 2**31:
        s.seed = data["seed"]
    if isinstance(data.get("ai_level"), str) and data["ai_level"]:
        s.ai_level = data["ai_level"]
    if data.get("ui_scale") in UI_SCALES:
        s.ui_scale = data["ui_scale"]
    if data.get("palette") in ("standard", "colour-blind"):
        s.palette = data["palette"]
    if isinstance(data.get("volume"), int) and not isinstance(data.get("volume"), bool) and 0 <= data["volume"] <= 100:
        s.volume = data["volume"]
    if isinstance(data.get("mute"), bool):
        s.mute = data["mute"]
    if isinstance(data.get("confirm_end_turn"), bool):
        s.confirm_end_turn = data["confirm_end_turn"]
    levels = data.get("levels")
    if isinstance(levels, dict):
        s.levels = {str(k): v for k, v in levels.items() if isinstance(v, str) and v and str(k).isdigit()}
    if data.get("speed") in SPEEDS:
        s.speed = float(data["speed"])
    win = data.get("window")
    if (isinstance(win, list) and len(win) == 2 and all(isinstance(v, int) and 320 <= v <= 10000 for v in win)):
        s.window = (win[0], win[1])
    return s


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """(settings, a one-line note when the file was unusable, else "")."""
    path = path or config_dir() / "settings.json"
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), ""
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), f"settings file {path} unreadable ({exc.__class__.__name__}); using defaults"
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return Settings(), f"settings file {path} is corrupt; using defaults"
    if not isinstance(data, dict):
        return Settings(), f"settings file {path} is corrupt; using defaults"
    return _clean(data), ""


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings; returns a one-line note on failure ('' on success)."""
    path = path or config_dir() / "settings.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asdict(settings)
        data["window"] = list(settings.window)
        fd, tmp = tempfile.mkstemp(prefix=".settings.", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
        os.replace(tmp, path)
    except OSError as exc:
        return f"cannot write settings to {path} ({exc.strerror or exc})"
    return ""
