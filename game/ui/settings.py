"""The menu's last choices, kept in a small JSON file in the user's config folder.

A missing, unreadable or corrupt file is never an error: the menu starts from the
defaults and says so once; the file is rewritten whole (atomically) on the next start.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Annotated, Literal


# The right folders on every system (platformdirs), today's XDG paths on Linux.
from game.userdirs import APP_DIR, config_dir, data_dir  # noqa: E402,F401


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
    rules_read: list[str] = field(default_factory=list)   # rulesets whose "how it plays" card was shown

    def side(self, team: int) -> str:
        return self.sides.get(str(team), "human" if team == 1 else "ai")

    def level(self, team: int) -> str:
        return self.levels.get(str(team), self.ai_level)


#: Window sizes a settings file may ask for; anything outside is clamped (issue 17.11:
#: 10000 x 10000 asked SDL for 1.3 GB).
WINDOW_MIN, WINDOW_MAX = (320, 240), (3840, 2160)


def _fields() -> dict:
    """Each setting's validator (pydantic, built on the first settings file read: a
    first start with no settings file draws its menu without importing pydantic)."""
    global _FIELD_CACHE
    if _FIELD_CACHE is None:
        from pydantic import Field, StringConstraints, TypeAdapter
        name = Annotated[str, StringConstraints(min_length=1, max_length=255, pattern=r"^[^\x00-\x1f\x7f]+$")]
        ident = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$")]
        _FIELD_CACHE = {
            "map": TypeAdapter(name),
            "ruleset": TypeAdapter(ident),
            "ai_level": TypeAdapter(ident),
            "sides": TypeAdapter(dict[Annotated[str, StringConstraints(pattern=r"^[0-9]{1,9}$")],
                                      Literal["human", "ai"]]),
            "fog": TypeAdapter(bool),
            "confirm_end_turn": TypeAdapter(bool),
            "ui_scale": TypeAdapter(Literal[UI_SCALES]),
            "palette": TypeAdapter(Literal["standard", "colour-blind"]),
            "volume": TypeAdapter(Annotated[int, Field(ge=0, le=100)]),
            "mute": TypeAdapter(bool),
            "levels": TypeAdapter(dict[Annotated[str, StringConstraints(pattern=r"^[0-9]{1,9}$")], ident]),
            "seed": TypeAdapter(Annotated[int, Field(ge=0, lt=2 ** 31)]),
            "speed": TypeAdapter(Literal[SPEEDS]),
            "rules_read": TypeAdapter(Annotated[list[ident], Field(max_length=64)]),
            "window": TypeAdapter(Annotated[list[Annotated[int, Field(gt=-(2 ** 63), lt=2 ** 63)]],
                                            Field(min_length=2, max_length=2)]),
        }
    return _FIELD_CACHE


_FIELD_CACHE: dict | None = None


def _clean(data: dict) -> Settings:
    """Keep each value that has the right shape and range (validated one field at a
    time, strictly); anything else falls back to its default."""
    from pydantic import ValidationError
    s = Settings()
    for name, adapter in _fields().items():
        if name not in data:
            continue
        try:
            value = adapter.validate_python(data[name], strict=True)
        except (ValidationError, RecursionError):
            continue
        if name == "sides":
            value = value or s.sides
        elif name == "speed":
            value = float(value)
        elif name == "window":
            value = tuple(min(max(v, lo), hi) for v, lo, hi in zip(value, WINDOW_MIN, WINDOW_MAX))
        setattr(s, name, value)
    return s


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """(settings, a one-line note when the file was unusable, else ""). Whatever the
    file holds, this returns: the defaults and one note at worst. Temporary files a
    killed write left beside it (and in the saves folder) are removed first."""
    from game.files import clean_stale_temps
    from game.validation import Invalid, clip, parse_json, read_text
    if path is None:
        path = config_dir() / "settings.json"
        clean_stale_temps(saves_dir())
    clean_stale_temps(path.parent)
    try:
        data = parse_json(read_text(path, limit=1024 * 1024))
    except FileNotFoundError:
        return Settings(), ""
    except OSError as exc:
        return Settings(), f"settings file {clip(str(path), 120)} unreadable ({exc.__class__.__name__}); using defaults"
    except Invalid as exc:
        return Settings(), f"settings file {clip(str(path), 120)} {exc}; using defaults"
    if not isinstance(data, dict):
        return Settings(), f"settings file {clip(str(path), 120)} is corrupt; using defaults"
    return _clean(data), ""


def save_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings with the game's one writer (atomic, fsynced, no temporary
    file left on error), only ever to a regular file, never over a read-only one;
    returns a one-line note on failure ('' on success)."""
    from game.files import write_text
    path = path or config_dir() / "settings.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asdict(settings)
        data["window"] = list(settings.window)
        write_text(path, json.dumps(data, indent=1), regular_only=True)  # never a FIFO: it would block
    except OSError as exc:
        return f"cannot write settings to {path} ({exc.strerror or exc})"
    return ""
