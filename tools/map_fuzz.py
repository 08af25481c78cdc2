"""Mutate maps' XML and count the outcomes: loaded, refused, refused generically.

    python tools/map_fuzz.py SEED COUNT [EXTRA.tmx ...]

Each mutant drops one attribute, gives one an odd value, or drops one element, of a
shipped map (or of the extra maps named), and is loaded. A crash (any exception but
MapError) or a generic refusal (the reader's fallback, which names no element) is
printed; the last line counts them. The test suite runs the same idea with
hypothesis (tests/world/test_map_fuzz.py); this is the bulk measurement.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.errors import MapError  # noqa: E402
from game.world.tiled import load_map  # noqa: E402

VALUES = ["", "-1", "0", "abc", "1e400", "nan", "99999999999999999999", "1.5", "true", "\u00b2"]
GENERIC = ("map reader failed", "cannot be read as a Tiled map")


def main(argv: list[str]) -> int:
    rng = random.Random(int(argv[0]) if argv else 0)
    count = int(argv[1]) if len(argv) > 1 else 300
    sources = [ROOT / "game" / "maps" / f"{n}.tmx" for n in ("arena", "ridge", "warehouse")]
    sources += [Path(p) for p in argv[2:]]
    out: Counter = Counter()
    for i in range(count):
        src = rng.choice(sources)
        root = ElementTree.parse(src).getroot()
        nodes = list(root.iter())
        node = rng.choice(nodes)
        op = rng.random()
        if op < 0.4 and node.attrib:
            key = rng.choice(sorted(node.attrib))
            del node.attrib[key]
            what = f"del {node.tag}@{key}"
        elif op < 0.8 and node.attrib:
            key, value = rng.choice(sorted(node.attrib)), rng.choice(VALUES)
            node.set(key, value)
            what = f"{node.tag}@{key}={value!r}"
        elif node is not root:
            parent = next(p for p in nodes if node in list(p))
            parent.remove(node)
            what = f"drop <{node.tag}>"
        else:
            continue
        path = src.parent / f".fuzz{i}.tmx"  # beside the source, so its relative paths hold
        path.write_text(ElementTree.tostring(root, encoding="unicode"), encoding="utf-8")
        try:
            load_map(path)
            out["loaded"] += 1
        except MapError as exc:
            out["refused"] += 1
            if any(g in exc.problem for g in GENERIC):
                out["generic"] += 1
                print("GENERIC", what, "|", exc.problem[:160])
        except Exception as exc:  # a measurement: report it, keep going
            out["crashed"] += 1
            print("CRASH", what, repr(exc)[:200])
        finally:
            path.unlink()
    print(dict(out))
    return 1 if out["crashed"] or out["generic"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
