"""Where maps are found: shipped ones by name from any directory, the player's folder,
and how a replay names each (game/world/catalog.py)."""

from __future__ import annotations

from pathlib import Path

from game.world.catalog import map_ref, menu_maps, resolve_map, shipped_maps_dir, user_maps_dir
from tests.world.worldkit import copy_map


def test_shipped_maps_live_inside_the_package():
    import game
    assert shipped_maps_dir() == Path(game.__file__).parent / "maps"
    assert (shipped_maps_dir().parent / "assets" / "tileset.tsx").is_file()


def test_names_resolve_to_shipped_maps_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    woodland = shipped_maps_dir() / "woodland.tmx"
    for ref in ("woodland", "woodland.tmx", "maps/woodland.tmx", "maps/woodland"):
        assert resolve_map(ref) == woodland, ref
    assert resolve_map("atlantis") == Path("atlantis")  # unknown: the loader names it
    assert resolve_map("bad\0name") == Path("bad\0name")
    assert map_ref(woodland) == "maps/woodland.tmx"


def test_the_players_folder_comes_after_the_shipped_maps(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = user_maps_dir()
    assert folder == tmp_path / "data" / "rulebook-skirmish" / "maps"
    folder.mkdir(parents=True)
    mine = copy_map(folder, "arena")
    (folder / "woodland.tmx").write_text(mine.read_text())  # same name as a shipped map
    assert resolve_map("arena") == shipped_maps_dir() / "arena.tmx"  # shipped wins a clash
    assert resolve_map("user-maps/arena.tmx") == mine
    assert map_ref(mine) == "user-maps/arena.tmx"
    names = [p.name for p in menu_maps()]
    assert names.count("woodland.tmx") == 1 and names.count("arena.tmx") == 1
    assert "bench128.tmx" not in names
    elsewhere = copy_map(tmp_path, "ridge")
    assert map_ref(elsewhere) == elsewhere.resolve().as_posix()
