"""`bench` is a measuring tool: these tests check its plumbing, never a time."""

from __future__ import annotations

from game import bench
from tests.cli.conftest import assert_one_error_line


def test_benches_can_be_registered_from_elsewhere(monkeypatch):
    monkeypatch.setattr(bench, "BENCHES", list(bench.BENCHES))
    calls = []

    @bench.register("test: trivial", 1000)
    def trivial():
        return calls.append

    [result] = bench.run_benches(repeats=3, only=["test: trivial"])
    assert calls == [0, 0, 1, 2]  # one warm-up, then the timed runs
    assert result.median_ms is not None and result.name == "test: trivial"
    assert "target <= 1000 ms" in result.line()


def test_a_missing_piece_is_skipped_not_fatal(monkeypatch):
    monkeypatch.setattr(bench, "BENCHES", [])

    @bench.register("test: missing module", 1)
    def missing():
        import game.no_such_module  # noqa: F401

    [result] = bench.run_benches(repeats=1)
    assert result.median_ms is None and not result.failed and "SKIPPED" in result.line()


def test_extra_bench_modules_are_optional(monkeypatch):
    monkeypatch.setattr(bench, "EXTRA_BENCH_MODULES", ("game.ui.no_such_bench",))
    bench.load_extra_benches()  # no error


def test_bench_command_runs_one_bench(cli):
    run = cli("bench", "--repeats", "1", "--only", "load: bench128.tmx")
    assert run.status == 0, run.err
    assert "load: bench128.tmx" in run.out and ("OK" in run.out or "SLOW" in run.out)


def test_bench_command_refuses_an_unknown_name(cli):
    assert_one_error_line(cli("bench", "--only", "warp drive"), "warp drive")
