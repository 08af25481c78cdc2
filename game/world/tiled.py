"""Turn a Tiled .tmx file into a TacticalMap; with ``pytmx_guard``, the only user of pytmx.

``load_map`` either returns a map the game can play or raises ``MapError(path,
problem)`` with one sentence; no other exception escapes it for a bad file. The
XML is checked first (``tmx_xml``), pytmx then decodes layers, gids and objects, and
the tile properties are validated and combined into numpy grids (``tile_rules``).
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import numpy as np

from game.errors import MapError
from game.world.pytmx_guard import load_pytmx
from game.world.tactical_map import Cover, RenderLayer, Spawn, TacticalMap, TileImage
from game.world.tile_rules import RuleProblem, RuleTables, combine_layers, parse_rule
from game.world.tmx_xml import XmlFacts, check_map_xml

ARCHETYPES = ("brawler", "gunner", "marksman", "guardian", "scout")
SPAWN_LAYER = "spawns"


def load_map(path: str | Path) -> TacticalMap:
    """Load and validate a Tiled map; raise MapError naming the file and the problem."""
    path = Path(path)
    try:
        return _load(path)
    except MapError:
        raise
    except Exception as exc:  # pytmx or numpy tripping on something the checks missed
        raise MapError(path, f"cannot be read as a Tiled map ({type(exc).__name__}: {exc})") from None


def _load(path: Path) -> TacticalMap:
    facts = check_map_xml(path)
    pytmx = load_pytmx()
    tmx = pytmx.TiledMap(str(path))  # default loader: images stay (file, rect, flags)

    tile_layers = [l for l in tmx.layers if isinstance(l, pytmx.TiledTileLayer)]
    # pytmx lists tile layers in document order but after all groups; the facts
    # carry the file order, so index k in both is the same <layer> element.
    if len(tile_layers) != len(facts.layers):
        raise MapError(path, "has tile layers pytmx could not match to the file")
    grids = [_layer_gids(path, facts, f.name, layer) for f, layer in zip(facts.layers, tile_layers)]
    _check_gids_known(path, facts, tmx, grids)

    rules = _tile_rules(path, facts, tmx)
    cells = combine_layers(grids, RuleTables.build(rules, tmx.maxgid + 1))
    spawns = _spawns(path, tmx, facts, cells["walkable"])
    props = dict(tmx.properties)
    return TacticalMap(
        path=path,
        name=str(props.get("name") or path.stem),
        width=facts.width,
        height=facts.height,
        tile_width=facts.tile_width,
        tile_height=facts.tile_height,
        feet_per_tile=_feet_per_tile(path, props),
        spawns=spawns,
        render_layers=tuple(
            RenderLayer(f.name, g, f.opacity, f.offset)
            for f, g in zip(facts.layers, grids)
            if f.visible
        ),
        tiles=_tile_images(tmx),
        properties=props,
        **cells,
    )


def _layer_gids(path, facts: XmlFacts, name, layer) -> np.ndarray:
    rows = layer.data
    if len(rows) != facts.height or any(len(r) != facts.width for r in rows):
        count = sum(len(r) for r in rows)
        raise MapError(
            path,
            f"layer '{name}' holds {count} tiles but the map is "
            f"{facts.width}x{facts.height} = {facts.width * facts.height}",
        )
    return np.ascontiguousarray(np.asarray(rows, dtype=np.int32).T)


def _check_gids_known(path, facts: XmlFacts, tmx, grids) -> None:
    used = np.unique(np.concatenate([g.ravel() for g in grids]))
    for gid in used[used > 0]:
        tiled_gid = tmx.tiledgidmap[int(gid)]
        if _tileset_of(facts, tiled_gid) is None:
            raise MapError(path, f"uses tile gid {tiled_gid}, which no tileset defines")


def _tileset_of(facts: XmlFacts, tiled_gid: int):
    for ts in facts.tilesets:
        if ts.firstgid <= tiled_gid < ts.firstgid + ts.tilecount:
            return ts
    return None


def _tile_rules(path, facts, tmx) -> dict:
    """Validate each tile's rule properties once; flipped variants share the base tile's."""
    rules, by_tiled = {}, {}
    for gid, props in tmx.tile_properties.items():
        tiled_gid = tmx.tiledgidmap.get(gid, gid)
        if tiled_gid not in by_tiled:
            try:
                by_tiled[tiled_gid] = parse_rule(props)
            except RuleProblem as problem:
                ts = _tileset_of(facts, tiled_gid)
                where = f"tile {tiled_gid - ts.firstgid} of tileset '{ts.name}'" if ts else f"tile gid {tiled_gid}"
                raise MapError(path, f"{where}: {problem}") from None
        rules[gid] = by_tiled[tiled_gid]
    return rules


def _tile_images(tmx) -> dict[int, TileImage]:
    tiles = {}
    for gid, image in enumerate(tmx.images):
        # The default pytmx loader leaves (filename, rect, flags) for each gid it used.
        if not isinstance(image, tuple) or image[1] is None:
            continue
        filename, rect, flags = image
        flip = tuple(bool(f) for f in flags) if flags else (False, False, False)
        # Absolute, so the window finds the picture whatever its working directory.
        tiles[gid] = TileImage(Path(os.path.abspath(filename)), tuple(rect), *flip)
    return tiles


def _feet_per_tile(path, props) -> int:
    value = props.get("feet_per_tile", 5)
    if isinstance(value, bool) or not str(value).strip().isdigit() or int(value) < 1:
        raise MapError(path, f"map property feet_per_tile is {value!r}; it must be a whole number of at least 1")
    return int(value)


def _spawns(path, tmx, facts: XmlFacts, walkable) -> tuple[Spawn, ...]:
    """Read the ``spawns`` object layer; an object's tile is the one under its centre."""
    pytmx = load_pytmx()
    groups = [l for l in tmx.layers if isinstance(l, pytmx.TiledObjectGroup) and l.name == SPAWN_LAYER]
    if not groups:
        raise MapError(path, f"has no object layer named '{SPAWN_LAYER}'")
    if len(groups) > 1:
        raise MapError(path, f"has {len(groups)} object layers named '{SPAWN_LAYER}'; keep one")
    spawns, seen = [], {}
    for obj in groups[0]:
        label = f"spawn object {obj.id}"
        team = obj.properties.get("team")
        if team is None or isinstance(team, bool) or not str(team).strip().lstrip("-").isdigit():
            raise MapError(path, f"{label} needs an int property 'team' (it has {team!r})")
        archetype = obj.properties.get("archetype")
        if archetype is not None and str(archetype) not in ARCHETYPES:
            raise MapError(path, f"{label} has archetype {archetype!r}; use one of {', '.join(ARCHETYPES)}")
        # Points have no size; rectangles and tile objects count at their centre.
        cx, cy = obj.x + obj.width / 2, obj.y + obj.height / 2
        x, y = int(cx // facts.tile_width), int(cy // facts.tile_height)
        if not (0 <= x < facts.width and 0 <= y < facts.height):
            raise MapError(path, f"{label} at pixel ({cx:g}, {cy:g}) lies outside the map")
        if not walkable[x, y]:
            raise MapError(path, f"{label} stands on tile ({x}, {y}), which is not walkable")
        if (x, y) in seen:
            raise MapError(path, f"{label} and spawn object {seen[x, y]} share tile ({x}, {y})")
        seen[x, y] = obj.id
        spawns.append(Spawn(x, y, int(team), str(archetype) if archetype is not None else None))
    teams = {s.team for s in spawns}
    if len(teams) < 2:
        raise MapError(path, f"has spawns for {len(teams)} team(s); a battle needs at least two")
    return tuple(sorted(spawns, key=lambda s: (s.team, s.y, s.x)))


def summarize(tmap: TacticalMap) -> str:
    """One line for `check-map`: name, size, scale, spawns per team, cover tiles."""
    per_team = Counter(s.team for s in tmap.spawns)
    teams = ", ".join(f"team {t}: {n}" for t, n in sorted(per_team.items()))
    cover = np.bincount(tmap.cover.ravel().astype(np.int64), minlength=len(Cover))
    kinds = ", ".join(f"{c.name.lower()} {cover[c]}" for c in Cover if c != Cover.NONE)
    return (
        f"{tmap.name}: {tmap.width}x{tmap.height} tiles at {tmap.feet_per_tile} ft, "
        f"{int(tmap.walkable.sum())} walkable; spawns {teams}; cover tiles {kinds}"
    )
