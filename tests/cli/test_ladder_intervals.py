"""Rating intervals widen with few battles and a rating resting on few battles is
flagged (issue 32, item 6): `ladder --levels random,easy,normal --maps arena,woodland
--battles 4` printed `random -283.8 (-283.8 to -283.8)` after 8 lost games each."""

from __future__ import annotations

from game.ladder import Pairing, rating_warnings, ratings, table_text

LEVELS = ["random", "easy", "normal"]


def _table(per_map: int, easy_share: float = 1.0) -> list[Pairing]:
    """Two maps; random loses every game; easy beats normal `easy_share` of the time."""
    table = []
    for name in ("arena", "woodland"):
        for a, b in (("easy", "random"), ("normal", "random")):
            p = Pairing(a, b, name)
            for _ in range(per_map):
                p.record(1, 1, 5)  # a plays side 1 and wins
            table.append(p)
        p = Pairing("normal", "easy", name)
        wins = round(per_map * (1 - easy_share))
        for k in range(per_map):
            p.record(1, 1 if k < wins else 2, 5)
        table.append(p)
    return table


def test_a_level_that_lost_every_one_of_few_games_gets_a_wide_interval():
    rated = ratings(LEVELS, _table(4, 0.5), seed=0)
    random_ = rated["random"]
    assert random_["high"] - random_["low"] > 50  # not the zero width of resampling 8 losses alone
    for r in rated.values():
        assert r["low"] <= r["rating"] <= r["high"]


def test_intervals_narrow_with_more_battles():
    few = ratings(LEVELS, _table(4, 0.5), seed=0)
    many = ratings(LEVELS, _table(200, 0.5), seed=0)
    for level in ("easy", "normal"):
        assert many[level]["high"] - many[level]["low"] < few[level]["high"] - few[level]["low"]


def test_few_battles_are_flagged_in_the_json_and_the_table():
    rated = ratings(LEVELS, _table(4), seed=0)
    # each level meets the two others on two maps, 4 battles each: 2 * 2 * 4 = 16
    assert [(rated[level]["battles"], rated[level]["few_battles"]) for level in LEVELS] == [(16, True)] * 3
    assert rating_warnings(rated)[0] == ("warning: random's rating rests on 16 battles (fewer than 30): "
                                         "read it and its interval as rough; more --battles narrow it")
    text = table_text("d20", ["arena", "woodland"], 4, 0, _table(4), rated)
    assert text.splitlines()[-3:] == rating_warnings(rated)
    plenty = ratings(LEVELS, _table(8), seed=0)  # 2 * 2 * 8 = 32 battles each
    assert rating_warnings(plenty) == [] and not any(r["few_battles"] for r in plenty.values())
