"""The camera follows what an AI does, and what plays out, and never points at what the
side at the keyboard cannot see (under fog a shot from out of sight brings the camera
to its target, not to the shooter). A person's own moves are under the mouse: the
screen does not call it for them at instant speed or while skipping."""

from __future__ import annotations


class CameraFollow:
    def __init__(self) -> None:
        self._followed = None   # the playout step the camera last went to

    @staticmethod
    def events(cam, events, units, shown: set[int]) -> None:
        """Bring the first move or attack among `events` that the side sees into view."""
        for ev in events:
            if type(ev).__name__ == "Moved" and ev.path and ev.unit in shown:
                cam.ensure_visible(ev.path[-1], 3)
                return
            attacker, target = getattr(ev, "attacker", None), getattr(ev, "target", None)
            if attacker in units and target in units and (attacker in shown or target in shown):
                a, b = units[attacker].tile, units[target].tile
                if attacker not in shown:     # under fog the camera must not point at the shooter
                    cam.ensure_visible(b, 2)
                    return
                if target not in shown:
                    cam.ensure_visible(a, 2)
                    return
                cam.ensure_visible(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), 3)
                cam.ensure_visible(b, 2)   # the target at least, when both do not fit
                return

    def step(self, cam, step, units, positions, shown: set[int]) -> None:
        """While a long answer plays out (a turn resolving), keep each walk and shot in
        view, once each; `positions`: where the playout shows each unit now."""
        if step is None or step is self._followed or step.kind not in ("walk", "shot"):
            return
        self._followed = step
        if step.kind == "walk" and step.unit in shown:
            cam.ensure_visible(step.path[-1], 2)
        elif step.kind == "shot" and (step.source in shown or step.target in shown):
            seen_end = step.target if step.target in shown else step.source   # never an unseen one
            b = units.get(seen_end)
            if b is not None:
                cam.ensure_visible(positions.get(seen_end, b.tile), 2)
