"""A scenario in the network battle's window: from the view's `mission` field alone.

The local battle screen draws a mission from its Battle (game/ui/mission_draw.py reads
the map's scenario, the camera and the units); the network window holds no Battle, so
this is the small equivalent over plain data (docs/network.md, the view's `mission`):

- **zones** on the board, told apart by pattern as well as colour: a hold zone has a
  solid edge, an exit a dashed one; held, its tint and edge are the holder's side
  colour, contested a checker of both, held by no one the side sees grey; a label
  names the zone, its points and its state in words (so the colour-blind palette, or
  no colour at all, reads the same);
- **the tracker** at the top of the board: "Round N of M · side 1: a points · side 2: b
  points", and the target when there is one;
- **the hover**: what the zone under the pointer is worth and who the side sees in it;
- **the briefing**, a panel shown before the first choice until the player closes it,
  with the mission's rules in the local briefing's words (mission_words.rules_lines);
- **VIPs**: a gold "VIP" tag on each VIP the view lists (`draw_vip_tag`);
- **how the battle was won**, for the result dialog.

Who stands in a zone is what the server says the side sees (`seen_in`): a zone held
by an enemy the side cannot see reads "no one seen", as issue 28 asks.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.zone_draw import dashed_line

EMPTY_EDGE = (200, 204, 212)
#: BattleEnded.how in words, for the result dialog.
HOW_WORDS = {"elimination": "the last side standing", "victory points": "reaching the victory points",
             "vip": "the fall of a VIP", "survived": "holding out to the last round",
             "round limit": "points at the round limit"}


def pts(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def tracker(mission: dict, round_no: int) -> str:
    # the view after the last round's end says the next round: the battle ended at the limit
    parts = [f"Round {min(max(1, round_no), mission['round_limit'])} of {mission['round_limit']}"]
    parts += [f"side {side}: {pts(n)}" for side, n in sorted(mission["points"].items())]
    if mission.get("victory_points") is not None:
        parts.append(f"{mission['victory_points']} to win")
    if mission.get("survive_rounds") is not None:  # as the local tracker (mission_words.score_text)
        defender = as_scenario(mission).defender(sorted(int(s) for s in mission["points"]))
        parts.append(f"side {defender} holds out to round {mission['survive_rounds']}")
    return " · ".join(parts)


def zone_state(zone: dict) -> str:
    seen = zone.get("seen_in") or []
    if zone["kind"] == "exit":
        return f"exit for side {zone['side']}"
    if len(seen) == 1:  # as the local words (mission_words.holder_words)
        only = zone.get("side")
        return f"blocked by side {seen[0]}" if only is not None and seen[0] != only else f"held by side {seen[0]}"
    return "contested" if seen else "no one seen"


def zone_label(zone: dict) -> str:
    only = f" for side {zone['side']}" if zone["kind"] == "hold" and zone.get("side") is not None else ""
    return f"{zone['name']} · {zone['points']} pt{only} · {zone_state(zone)}"


def zone_hover(zone: dict) -> str:
    """What the zone is worth and who the side sees in it."""
    if zone["kind"] == "exit":
        return f"{zone['name']}: exit for side {zone['side']}, {pts(zone['points'])} for each unit that leaves"
    only = f" (side {zone['side']} only)" if zone.get("side") is not None else ""
    return f"{zone['name']}: {pts(zone['points'])} a round{only}; {zone_state(zone)}"


def how_line(over: dict) -> str | None:
    """"Won by points at the round limit · side 1: 2 points · side 2: 0 points"."""
    how = over.get("how")
    if how is None:
        return None
    words = ("Decided by " if over.get("winner") is None else "Won by ") + HOW_WORDS.get(how, how)
    points = over.get("points")
    if points:
        words += " · " + " · ".join(f"side {s}: {pts(n)}" for s, n in sorted(points.items()))
    return words


def briefing_lines(mission: dict) -> list[str]:
    """The briefing, then how the mission is won (the local briefing's own rule lines)."""
    from game.ui.mission_words import rules_lines
    lines = [mission["briefing"]] if mission.get("briefing") else []
    return lines + rules_lines(as_scenario(mission), mission.get("round_limit"))


def as_scenario(mission: dict) -> Any:
    """The view's mission as the map's Scenario."""
    from game.world.scenario import Scenario, VipMark, Zone
    zones = tuple(Zone(z["name"], z["kind"], frozenset(tuple(t) for t in z["tiles"]), z["points"], z.get("side"))
                  for z in mission["zones"])
    vips = tuple(VipMark(v["side"], v["tile"][0], v["tile"][1], v.get("points")) for v in mission.get("vips", ()))
    return Scenario(mission["name"], mission.get("briefing", ""), mission.get("round_limit"),
                    mission.get("victory_points"), mission.get("attacker"), mission.get("survive_rounds"), zones,
                    vips)


def zone_at(board: Any, mission: dict | None, pos) -> dict | None:
    """The zone under the pointer, if any."""
    if mission is None or board is None or not board.rect.collidepoint(pos):
        return None
    for zone in mission["zones"]:
        if board.nearest(pos, [tuple(t) for t in zone["tiles"]]) is not None:
            return zone
    return None


def draw_zones(layer: pygame.Surface, board: Any, mission: dict) -> None:
    """Every zone on `layer` (a transparent surface the size of the window, blitted
    over the board under the units)."""
    for zone in mission["zones"]:
        tiles = {tuple(t) for t in zone["tiles"]}
        seen = zone.get("seen_in") or []
        if zone["kind"] == "exit":
            colours = [theme.team_colour(zone["side"])]
        elif seen:
            colours = [theme.team_colour(s) for s in seen]  # two sides: a checker of both
        else:
            colours = [EMPTY_EDGE]
        for t in sorted(tiles):
            pts_ = board.outline(t)
            fill = colours[(t[0] + t[1]) % len(colours)]
            pygame.draw.polygon(layer, (*fill[:3], 40 if zone["kind"] == "hold" else 26), pts_)
            x, y = t
            for n, (a, b) in (((x, y - 1), (pts_[0], pts_[1])), ((x + 1, y), (pts_[1], pts_[2])),
                              ((x, y + 1), (pts_[2], pts_[3])), ((x - 1, y), (pts_[3], pts_[0]))):
                if n in tiles:
                    continue
                edge = colours[(n[0] + n[1]) % len(colours)]
                if zone["kind"] == "exit":
                    dashed_line(layer, edge, a, b, 2, dash=6)
                else:
                    pygame.draw.line(layer, edge, a, b, 2)
        img = theme.text(zone_label(zone), 11, theme.TEXT, bold=True)
        top = min(tiles, key=lambda t: (t[1], t[0]))
        corner = board.outline(top)[0]
        box = img.get_rect(bottomleft=(corner[0], corner[1] - 2)).inflate(6, 2)
        box.clamp_ip(board.rect)
        pygame.draw.rect(layer, (12, 14, 20, 210), box, border_radius=3)
        pygame.draw.rect(layer, colours[0], box, 1, border_radius=3)
        layer.blit(img, img.get_rect(center=box.center))


def draw_tracker(surface: pygame.Surface, area: pygame.Rect, mission: dict, round_no: int) -> pygame.Rect:
    words = theme.fit(tracker(mission, round_no), area.w - 24, 14, bold=True)
    img = theme.text(words, 14, theme.TEXT, bold=True)
    box = img.get_rect(midtop=(area.centerx, area.y + 4)).inflate(16, 8)
    theme.panel(surface, box, alpha=False, edge=theme.ACCENT)
    surface.blit(img, img.get_rect(center=box.center))
    return box


def draw_vip_tag(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """The local screen's gold "VIP" tag (mission_draw._draw_mission_marks), beside a token."""
    img = theme.text("VIP", 11, (20, 16, 6), bold=True)
    box = img.get_rect(midleft=(centre[0] + r - 4, centre[1] - r + 2)).inflate(6, 2)
    pygame.draw.rect(surface, theme.ACCENT, box, border_radius=3)
    pygame.draw.rect(surface, (20, 16, 6), box, 1, border_radius=3)
    surface.blit(img, img.get_rect(center=box.center))
