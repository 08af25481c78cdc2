"""Turn a Tiled .tmx file into a TacticalMap; with ``pytmx_guard``, the only user of pytmx.

``load_map`` either returns a map the game can play or raises ``MapError(path,
problem)`` with one sentence; no other exception escapes it for a bad file. The
XML is checked and tidied first (``tmx_xml``), pytmx then decodes layers, gids and
objects from that tidied tree, and the tile properties are validated and combined
into numpy grids (``tile_rules``). A map without the game's own properties is read
by the conventions real maps use (``infer``); one without spawns gets a deployment
(``deploy``). Everything repaired or inferred is listed in ``TacticalMap.notes``.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import numpy as np

from game.errors import MapError
from game.world.deploy import NoDeployment, deploy, largest_region
from game.world.image_size import image_size
from game.world.infer import SOLID, infer_tile_rule, layer_is_solid
from game.world.pytmx_guard import load_pytmx
from game.world.tactical_map import Cover, RenderLayer, Spawn, TacticalMap, TileImage, own_spawns
from game.world.tile_rules import RuleProblem, RuleTables, combine_layers, parse_rule
from game.world.scenario import OBJECTIVE_LAYER, read_scenario
from game.world.scenario_squads import plain_name
from game.world.tmx_xml import XmlFacts, check_map_xml

ARCHETYPES = ("brawler", "gunner", "marksman", "guardian", "scout")
SPAWN_LAYER = "spawns"
RULE_PROPERTIES = ("walkable", "move_cost", "blocks_sight", "cover", "elevation")
MAX_FEET_PER_TILE = 100  # a 100 ft tile is already a strategic map; more breaks ruleset maths
MAX_NAME = 80


def load_map(path: str | Path) -> TacticalMap:
    """Load and validate a Tiled map; raise MapError naming the file and the problem."""
    path = Path(path)
    try:
        return _load(path)
    except MapError:
        raise
    except RecursionError:
        raise MapError(path, "is nested too deeply to read (groups inside groups)") from None
    except MemoryError:
        raise MapError(path, "is too large to read") from None
    except Exception as exc:  # pytmx or numpy tripping on something the checks missed
        where = _traceback_place(exc)
        raise MapError(path, f"cannot be read as a Tiled map: the map reader failed{where} "
                             f"with {type(exc).__name__}: {str(exc)[:120]}") from None


def _traceback_place(exc: BaseException) -> str:
    """' in pytmx's TiledObject' etc: which element kind the reader was parsing."""
    tb, last = exc.__traceback__, None
    while tb is not None:
        frame = tb.tb_frame
        owner = frame.f_locals.get("self")
        if owner is not None and type(owner).__module__.startswith("pytmx"):
            last = type(owner).__name__
        tb = tb.tb_next
    kinds = {"TiledObject": "an object", "TiledObjectGroup": "an object layer",
             "TiledTileLayer": "a tile layer", "TiledTileset": "a tileset",
             "TiledImageLayer": "an image layer", "TiledGroupLayer": "a group layer",
             "TiledMap": "the map element"}
    return f" reading {kinds.get(last, last)}" if last else ""


def _load(path: Path) -> TacticalMap:
    facts = check_map_xml(path)
    pytmx = load_pytmx()
    tmx = pytmx.TiledMap()  # default loader: images stay (file, rect, flags)
    tmx.filename = str(path)
    tmx.parse_xml(facts.root)

    tile_layers = [l for l in tmx.layers if isinstance(l, pytmx.TiledTileLayer)]
    # pytmx lists tile layers in document order but after all groups; the facts
    # carry the file order, so index k in both is the same <layer> element.
    if len(tile_layers) != len(facts.layers):
        raise MapError(path, "has tile layers pytmx could not match to the file")
    grids = [_layer_gids(path, facts, f.name, layer) for f, layer in zip(facts.layers, tile_layers)]
    _check_gids_known(path, facts, tmx, grids)

    notes = list(facts.notes)
    rules = _tile_rules(path, facts, tmx)
    inferred = not any(
        getattr(rule, key) is not None for rule in rules.values() for key in RULE_PROPERTIES)
    if inferred:
        rules = _inferred_rules(facts, tmx, notes)
    cells = combine_layers(grids, RuleTables.build(rules, tmx.maxgid + 1))
    if inferred:
        _solid_layers(facts, grids, cells, notes)
        _open_ground_if_needed(tmx, grids, cells, notes)
    props = dict(tmx.properties)
    vip_spawns: dict = {}
    spawns, deployed = _spawns(path, tmx, facts, cells["walkable"], notes, vip_spawns)
    objective_groups = [l for l in tmx.layers
                        if isinstance(l, pytmx.TiledObjectGroup) and l.name == OBJECTIVE_LAYER]
    object_size = ((facts.tile_height, facts.tile_height) if facts.orientation == "isometric"
                   else (facts.tile_width, facts.tile_height))
    scenario = read_scenario(path, props, objective_groups, spawns, vip_spawns,
                             facts.width, facts.height, object_size)
    return TacticalMap(
        path=path,
        name=str(props.get("name") or path.stem)[:MAX_NAME],
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
        tiles=_tile_images(facts, tmx),
        properties=props,
        orientation=facts.orientation,
        layer_names=tuple(f.name for f in facts.layers),
        object_layers=facts.object_layers,
        tilesets=tuple(ts.name for ts in facts.tilesets),
        notes=tuple(notes),
        deployed=deployed,
        scenario=scenario,
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
        if facts.tileset_of(tiled_gid) is None:
            raise MapError(path, f"uses tile gid {tiled_gid}, which no tileset defines")


def _tile_rules(path, facts, tmx) -> dict:
    """Validate each tile's rule properties once; flipped variants share the base tile's."""
    rules, by_tiled = {}, {}
    for gid, props in tmx.tile_properties.items():
        tiled_gid = tmx.tiledgidmap.get(gid, gid)
        if tiled_gid not in by_tiled:
            try:
                by_tiled[tiled_gid] = parse_rule(props)
            except RuleProblem as problem:
                ts = facts.tileset_of(tiled_gid)
                where = f"tile {tiled_gid - ts.firstgid} of tileset '{ts.name}'" if ts else f"tile gid {tiled_gid}"
                raise MapError(path, f"{where}: {problem}") from None
        rules[gid] = by_tiled[tiled_gid]
    return rules


def _inferred_rules(facts: XmlFacts, tmx, notes: list[str]) -> dict:
    """Rules from the conventions in ``infer``, for a map that sets none of ours."""
    rules, reasons = {}, {}
    for gid, tiled_gid in sorted(tmx.tiledgidmap.items()):
        ts = facts.tileset_of(tiled_gid)
        info = ts.tiles.get(tiled_gid - ts.firstgid) if ts else None
        if info is None:
            continue
        rule, why = infer_tile_rule(info)
        if rule is not None:
            rules[gid] = rule
            kind = "solid (not walkable, blocks sight)" if rule == SOLID else f"{rule.cover.name.lower()} cover"
            reasons.setdefault((ts.name, kind, why), set()).add(tiled_gid - ts.firstgid)
    notes.append("the map sets none of the game's tile properties (walkable, move_cost, "
                 "blocks_sight, cover, elevation); rules inferred from its conventions")
    for (tileset, kind, why), ids in sorted(reasons.items()):
        shown = ", ".join(str(i) for i in sorted(ids)[:8]) + (", ..." if len(ids) > 8 else "")
        notes.append(f"tileset '{tileset}' tiles {shown}: {kind}, from their {why}")
    return rules


def _solid_layers(facts: XmlFacts, grids, cells, notes: list[str]) -> None:
    for f, gids in zip(facts.layers, grids):
        if layer_is_solid(f.name):
            painted = gids != 0
            cells["walkable"] &= ~painted
            cells["blocks_sight"] |= painted
            notes.append(f"layer '{f.name}': its {int(painted.sum())} painted cells are solid "
                         "(not walkable, block sight), from the layer's name")


def _open_ground_if_needed(tmx, grids, cells, notes: list[str]) -> None:
    """A map that paints only its obstacles (walls in perspective, one house) on nothing.

    When the painted walkable cells leave no two connected tiles and the map has no
    spawns, its unpainted cells are read as open ground instead of holes.
    """
    pytmx = load_pytmx()
    if any(isinstance(l, pytmx.TiledObjectGroup) and l.name == SPAWN_LAYER for l in tmx.layers):
        return
    if largest_region(cells["walkable"]).sum() >= 2:
        return
    unpainted = np.all([g == 0 for g in grids], axis=0)
    if unpainted.sum() < 2:
        return
    cells["walkable"] |= unpainted
    notes.append(f"the painted tiles leave no room to deploy, so the {int(unpainted.sum())} cells "
                 "no layer paints are read as open ground")


def _tile_images(facts: XmlFacts, tmx) -> dict[int, TileImage]:
    tiles = {}
    for gid, image in enumerate(tmx.images):
        # The default pytmx loader leaves (filename, rect, flags) for each gid it used.
        if not isinstance(image, tuple) or not image[0]:
            continue
        filename, rect, flags = image
        tiled_gid = tmx.tiledgidmap.get(gid, gid)
        ts = facts.tileset_of(tiled_gid)
        if rect is None:  # a tile of an image collection: its whole picture
            own = ts.tile_images.get(tiled_gid - ts.firstgid) if ts else None
            size = own[1] if own else image_size(Path(filename))
            if size is None:
                continue
            rect = (0, 0, *size)
        flip = tuple(bool(f) for f in flags) if flags else (False, False, False)
        # Absolute, so the window finds the picture whatever its working directory.
        tiles[gid] = TileImage(Path(os.path.abspath(filename)), tuple(rect), *flip,
                               offset=ts.offset if ts else (0, 0), trans=ts.trans if ts else None)
    return tiles


def _feet_per_tile(path, props) -> int:
    value = props.get("feet_per_tile", 5)
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdecimal() or len(text) > 4 \
            or not 1 <= int(text) <= MAX_FEET_PER_TILE:
        shown = repr(value) if len(repr(value)) <= 42 else repr(value)[:40] + "..."
        raise MapError(path, f"map property feet_per_tile is {shown}; it must be a whole number "
                             f"from 1 to {MAX_FEET_PER_TILE}")
    return int(text)


def _object_tile(facts: XmlFacts, obj) -> tuple[float, float, int, int]:
    """The pixel point an object counts at, and the tile under it."""
    # Points have no size; rectangles count at their centre; a tile object's (x, y)
    # is its bottom-left corner (Tiled's rule), so its centre is above that.
    cy = obj.y - obj.height / 2 if obj.gid else obj.y + obj.height / 2
    cx = obj.x + obj.width / 2
    if facts.orientation == "isometric":
        # Isometric maps measure both object axes in tile heights along the diamond's edges.
        return cx, cy, int(cx // facts.tile_height), int(cy // facts.tile_height)
    return cx, cy, int(cx // facts.tile_width), int(cy // facts.tile_height)


def _spawns(path, tmx, facts: XmlFacts, walkable, notes, vips: dict) -> tuple[tuple[Spawn, ...], bool]:
    """Read the ``spawns`` object layer, or deploy both sides when the map has none.
    Spawns marked ``vip = true`` go into `vips`: (x, y) -> (team, points or None)."""
    pytmx = load_pytmx()
    groups = [l for l in tmx.layers if isinstance(l, pytmx.TiledObjectGroup) and l.name == SPAWN_LAYER]
    if not groups:
        try:
            spawns, where = deploy(walkable)
        except NoDeployment as exc:
            raise MapError(path, f"has no object layer named '{SPAWN_LAYER}' and {exc}; "
                                 "add a 'spawns' object layer or walkable tiles in Tiled") from None
        notes.append(where)
        return spawns, True
    if len(groups) > 1:
        raise MapError(path, f"has {len(groups)} object layers named '{SPAWN_LAYER}'; keep one")
    spawns, seen = [], {}
    for obj in groups[0]:
        label = f"spawn object {obj.id}"
        team = obj.properties.get("team")
        text = str(team).strip()
        if team is None or isinstance(team, bool) or not text.lstrip("-").isdecimal() or len(text) > 6:
            raise MapError(path, f"{label} needs an int property 'team' (it has {text[:40]!r})")
        archetype = obj.properties.get("archetype")
        if archetype is not None and str(archetype) not in ARCHETYPES:
            raise MapError(path, f"{label} has archetype {str(archetype)[:40]!r}; "
                                 f"use one of {', '.join(ARCHETYPES)}")
        cx, cy, x, y = _object_tile(facts, obj)
        if not (0 <= x < facts.width and 0 <= y < facts.height):
            raise MapError(path, f"{label} at pixel ({cx:g}, {cy:g}) lies outside the map")
        if not walkable[x, y]:
            raise MapError(path, f"{label} stands on tile ({x}, {y}), which is not walkable")
        if (x, y) in seen:
            raise MapError(path, f"{label} and spawn object {seen[x, y]} share tile ({x}, {y})")
        seen[x, y] = obj.id
        spawns.append(Spawn(x, y, int(text), str(archetype) if archetype is not None else None,
                            _spawn_rulesets(path, label, obj.properties.get("rulesets"))))
        vip = obj.properties.get("vip")
        if vip is True or str(vip).strip().lower() == "true":
            points = obj.properties.get("points")
            if points is not None and (isinstance(points, bool) or not str(points).strip().isdecimal()):
                raise MapError(path, f"{label}: 'points' must be a whole number (it is {str(points)[:40]!r})")
            vips[x, y] = (int(text), None if points is None else int(str(points).strip()))
        elif vip is not None and str(vip).strip().lower() != "false":
            raise MapError(path, f"{label}: 'vip' must be true or false (it is {str(vip)[:40]!r})")
    teams = {s.team for s in spawns if not s.rulesets}
    if len(teams) < 2:
        raise MapError(path, f"has spawns for {len(teams)} team(s); a battle needs at least two")
    for spawn in spawns:
        if spawn.rulesets and spawn.team not in teams:
            raise MapError(path, f"side {spawn.team} has spawns for {', '.join(spawn.rulesets)} only; give it "
                                 f"spawns without 'rulesets' too, where it stands in the other rulesets")
    return tuple(sorted(spawns, key=lambda s: (s.team, s.y, s.x))), False


def _spawn_rulesets(path, label: str, value) -> tuple[str, ...]:
    """A spawn's ``rulesets`` property: ruleset ids separated by commas (which ones
    exist is checked with the rulesets, game.engine.setup.check_scenario_rulesets)."""
    if value is None:
        return ()
    names = tuple(sorted({n.strip() for n in str(value).split(",")}))
    if isinstance(value, bool) or not names or not all(plain_name(n) for n in names):
        raise MapError(path, f"{label}: 'rulesets' must name rulesets separated by commas, like "
                             f"'actionblock,fivebyfive' (it is {str(value)[:40]!r})")
    return names


def summarize(tmap: TacticalMap) -> str:
    """What ``check-map`` prints: a first line with name, size and spawns, then one line
    each for layers, tilesets, spawns (or the deployment used), terrain, and every
    repair or inference the loader made, so a map maker knows what to change."""
    plain = own_spawns(tmap.spawns, "")  # the spawns of every ruleset without its own
    per_team = Counter(s.team for s in plain)
    teams = ", ".join(f"team {t}: {n}" for t, n in sorted(per_team.items()))
    cover = np.bincount(tmap.cover.ravel().astype(np.int64), minlength=len(Cover))
    kinds = ", ".join(f"{c.name.lower()} {cover[c]}" for c in Cover if c != Cover.NONE)
    cells = tmap.width * tmap.height
    walkable = int(tmap.walkable.sum())
    lines = [
        f"{tmap.name}: {tmap.width}x{tmap.height} tiles at {tmap.feet_per_tile} ft, "
        f"{walkable} walkable; spawns {teams}; cover tiles {kinds}",
        f"  {tmap.orientation} map, {tmap.tile_width}x{tmap.tile_height} px tiles",
        f"  tile layers: {', '.join(tmap.layer_names) or 'none'}"
        + (f"; object layers: {', '.join(tmap.object_layers)}" if tmap.object_layers else ""),
        f"  tilesets: {', '.join(tmap.tilesets) or 'none'}",
    ]
    for team in sorted(per_team):
        where = " ".join(f"({s.x},{s.y})" for s in plain if s.team == team)
        source = "deployed by the game" if tmap.deployed else "from the spawns layer"
        lines.append(f"  team {team}: {per_team[team]} units {source} at {where}")
    for ruleset in sorted({r for s in tmap.spawns for r in s.rulesets}):
        for team in sorted({s.team for s in tmap.spawns if ruleset in s.rulesets}):
            own = [s for s in tmap.spawns if ruleset in s.rulesets and s.team == team]
            where = " ".join(f"({s.x},{s.y})" for s in own)
            lines.append(f"  team {team} in {ruleset}: {len(own)} units at {where} (its own spawns)")
    lines.append(
        f"  walkable {walkable} of {cells} tiles ({100 * walkable / cells:.0f}%); "
        f"{int(tmap.blocks_sight.sum())} tiles block sight; cover: {kinds}; "
        f"elevation {int(tmap.elevation.min())} to {int(tmap.elevation.max())}")
    if tmap.scenario is not None:
        lines += _scenario_lines(tmap.scenario)
    lines += [f"  note: {note}" for note in tmap.notes]
    return "\n".join(lines)


def _scenario_lines(s) -> list[str]:
    """check-map's account of a scenario: its rules, then one line per objective."""
    rules = [f"round limit {s.round_limit}" if s.round_limit else "",
             f"{s.victory_points} victory points win" if s.victory_points else "",
             f"side {s.attacker} attacks" if s.attacker is not None else "",
             f"the defender wins by standing at the end of round {s.survive_rounds}" if s.survive_rounds else ""]
    out = [f"  scenario '{s.name}': " + ("; ".join(r for r in rules if r) or "no special rules")]
    for z in s.zones:
        who = f" (side {z.side} only)" if z.kind == "hold" and z.side is not None else ""
        if z.kind == "exit":
            who = f" for side {z.side}"
        out.append(f"  objective '{z.name}': {z.kind}{who}, {z.points} point(s), {len(z.tiles)} tiles")
    for v in s.vips:
        fall = "ends the battle" if v.points is None else f"scores {v.points} for the other side"
        out.append(f"  VIP of side {v.team} at ({v.x},{v.y}): its fall {fall}")
    for q in s.squads:
        out.append(f"  default squad of side {q.side} in {q.ruleset}: {', '.join(q.units)} ({q.key})")
    for t in s.terms:
        out.append(f"  in {t.ruleset}: {t.name.replace('_', ' ')} {t.value} ({t.key})")
    return out
