"""The command line: ``python -m game`` or ``skirmish``.

Every problem with the user's input (a map, a replay, an argument, a file that cannot
be written, no display for the window) is printed as one line on stderr,
``error: <where>: <problem>``, with exit status 2: never a traceback. A traceback
means a bug in the game. Heavy modules are imported by each command, so
``skirmish rulesets`` stays quick and nothing headless imports pygame.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import json
import math
import os
import shlex
import sys
from pathlib import Path
from typing import Sequence

from game.cluster import WORKER_WAIT
from game.errors import IllegalChoice, InputError
from game.ladder import DEFAULT_MAPS
from game.outputs import check_outputs
from game.progress import Progress as _Progress  # rate, time left; plain lines when not a terminal
from game.simulate import MAX_BATTLES

REFITS = 2  # price: the refits on equal-points battles after the first fit (docs/squads.md)

HEADLESS_HINT = "python -m game demo --headless"


class CommandError(Exception):
    """A problem the command line reports as one line: `<where>: <problem>`."""

    def __init__(self, where: str, problem: str) -> None:
        self.where, self.problem = where, problem
        super().__init__(f"{where}: {problem}")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line like every other error."""

    def error(self, message: str):  # type: ignore[override]
        raise CommandError(self.prog, f"{message} (see {self.prog} --help)")


def say(text: str, file=None, flush: bool = False) -> None:
    """Print a line (or lines) that may hold text from a file or a path: control
    characters escaped (game.validation.printable), so no file can drive the terminal."""
    from game.validation import printable_lines
    print(printable_lines(text), file=file, flush=flush)


# --- argument types ------------------------------------------------------------------
def _int_at_least(low: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is less than {low}")
        return value
    parse.__name__ = "number"
    return parse


def _seed(text: str) -> int:
    from game.engine.dice import SEED_LIMIT
    try:
        value = int(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    if value is None or not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number between -2**63 and 2**63")
    return value


def check_seed_run(first: int, count: int) -> None:
    """Battles `first`, `first + 1`, ... `first + count - 1` (simulate, soak, ladder):
    the last must be a seed too (issue 33.7), or its replay could not be read back and a
    study database could not store it. Checked once the count is known."""
    from game.engine.dice import SEED_LIMIT
    last = first + count - 1
    if last >= SEED_LIMIT:
        raise CommandError("--seed", f"the battles would play seeds {first} to {last}, past the largest "
                                     f"seed 2**63 - 1 (start at {SEED_LIMIT - count} or lower)")


JOBS_PER_CPU = 4  # --jobs beyond this many processes per usable CPU only costs memory


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system says), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def max_jobs() -> int:
    """The most processes --jobs may ask for: JOBS_PER_CPU per usable CPU (issue 33.5:
    --jobs 200 once took 50 s and 5.9 GB for one battle, --jobs 100000 never started)."""
    return JOBS_PER_CPU * usable_cpus()


def _jobs(text: str) -> int:
    value = _int_at_least(0)(text)
    if value > max_jobs():
        raise argparse.ArgumentTypeError(
            f"{value} is more than {max_jobs()} ({JOBS_PER_CPU} per CPU, {usable_cpus()} CPUs here; "
            f"0 uses one per CPU)")
    return value


def _rounds(text: str) -> int:
    """--max-rounds: 1 to MAX_ROUNDS, the most a replay file records (a longer battle's
    replay would be refused by `replay`)."""
    from game.engine.flow import MAX_ROUNDS
    value = _int_at_least(1)(text)
    if value > MAX_ROUNDS:
        raise argparse.ArgumentTypeError(f"{value} is more than {MAX_ROUNDS:,} (the most a replay records)")
    return value


MAX_WAIT = 86_400.0  # --cluster-wait: a day; a batch queue that takes longer is better waited on by hand


def _seconds(text: str) -> float:
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_WAIT:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds above 0 and at most {MAX_WAIT:g}")
    return value


def _battles(text: str) -> int:
    value = _int_at_least(1)(text)
    if value > MAX_BATTLES:
        raise argparse.ArgumentTypeError(f"{value} is more than {MAX_BATTLES:,} (split a study with --db)")
    return value


def ai_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ai", metavar="SIDE=LEVEL,...",
                   help="each side's AI level (random, easy, greedy, normal, hard); default normal for every side, "
                        "e.g. --ai 1=hard,2=normal")


def squad_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--squad", metavar="SIDE=FILE|SIDE=T,T,...", action="append",
                   help="a side's squad: a squad file (TOML), template ids / archetypes, or ai[:LEVEL] "
                        "(the AI picks to the map's points_SIDE budget, else 100), e.g. "
                        "--squad 1=my.toml --squad 2=gunner,gunner,marksman --squad 2=ai:hard (repeatable)")


def units_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--units", metavar="FILE", type=Path,
                   help="your own unit templates beside the ruleset's (a TOML file of the form of its "
                        "units.toml); default: units/RULESET.toml in the data folder, when there is one")


def custom_for(args: argparse.Namespace, ruleset: str):
    """The designer's units for this command (--units FILE, else the data folder's
    units/<ruleset>.toml, else None): validated here, a bad file is one line."""
    from game.custom_units import units_for
    return units_for(ruleset, getattr(args, "units", None))


def squads_for(args: argparse.Namespace, ruleset: str, map_path, custom=None) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Every --squad, checked against the ruleset, the map's sides and its budgets."""
    return chosen_squads(args, ruleset, map_path, custom)[0]


def chosen_squads(args: argparse.Namespace, ruleset: str, map_path, custom=None):
    """Every --squad, checked against the ruleset (and `custom`, the designer's units),
    the map's sides and its budgets: (side, templates) pairs and (side, names) pairs
    for the squad files that name their units."""
    from game.engine.setup import shared_map
    from game.rulesets import load_ruleset
    from game.squads import check_budgets, parse_squad_args

    texts = list(getattr(args, "squad", None) or ())
    picked = [t for t in texts if t.partition("=")[2].strip().split(":")[0] == "ai"]
    files = parse_squad_args([t for t in texts if t not in picked], ruleset, custom)
    squads = {side: squad.units for side, squad in files.items()}
    names = tuple((side, squad.names) for side, squad in sorted(files.items()) if any(squad.names))
    if not texts:
        return (), ()
    tmap = shared_map(map_path)
    for text in picked:
        side_text, _, what = text.partition("=")
        if not side_text.strip().isdecimal():
            raise CommandError("--squad", f"{text[:60]!r} is not SIDE=ai or SIDE=ai:LEVEL")
        side = int(side_text)
        if side in squads:
            raise CommandError("--squad", f"side {side} is given two squads")
        squads[side] = _ai_squad(args, ruleset, tmap, side, what.strip().partition(":")[2], custom)
    teams = tmap.teams()
    for side in squads:
        if side not in teams:
            raise CommandError("--squad", f"the map has no side {side} (its sides: {', '.join(map(str, teams))})")
    units = dict(sorted(squads.items()))
    check_budgets(tmap, load_ruleset(ruleset, custom), units)
    return tuple(units.items()), names


def _ai_squad(args: argparse.Namespace, ruleset: str, tmap, side: int, level: str, custom=None) -> tuple[str, ...]:
    """`--squad SIDE=ai[:LEVEL]`: the AI's pick for the side's budget, by the given level or
    the side's --ai level (default normal), from a stream seeded by --seed and the side."""
    from game.ai.levels import check_level, parse_ai_sides
    from game.ai.squad_pick import ai_pick
    from game.rulesets import load_ruleset

    level = level or parse_ai_sides(getattr(args, "ai", None)).get(side, "normal")
    check_level(ruleset, level, "--squad")
    return ai_pick(load_ruleset(ruleset, custom), tmap, side, level, getattr(args, "seed", None) or 0)


def _setup_for(ruleset: str, map_path, squads, custom=None):
    """The study database's key for a battle's setup, its squads (and the definitions
    of the designer's units they may field) included."""
    from game.replay import map_ref
    from game.study_db import Setup, setup_hash
    chosen = {str(side): list(units) for side, units in squads} if squads else None
    if custom is not None:
        chosen = {"squads": chosen, "custom_units": custom.tables()}
    return Setup(setup_hash(ruleset, map_path, chosen), ruleset, map_ref(map_path))


def study_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", metavar="J", type=_jobs, default=1,
                   help=f"processes to use (0: one per CPU; at most {JOBS_PER_CPU} per CPU); "
                        "results do not depend on it")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run the battles on a Dask scheduler (extra [cluster]; docs/cluster.md); "
                        "same results as --jobs 1")
    p.add_argument("--cluster-wait", metavar="SECONDS", type=_seconds,
                   help="with --cluster: how long to wait for a live worker before giving up "
                        f"(default {WORKER_WAIT:g})")
    p.add_argument("--db", metavar="FILE", type=Path,
                   help="SQLite file: store every battle, skip battles already in it (resume a study)")


def _map_arg(text: str) -> Path:
    from game.replay import resolve_map
    return resolve_map(text)


def _squad_study_where(p: argparse.ArgumentParser) -> None:
    """--ruleset and --maps, as price and balance read them."""
    p.add_argument("--ruleset", metavar="ID", default="d20", help="ruleset id (see `rulesets`); default d20")
    p.add_argument("--maps", metavar="A,B,...", default=",".join(DEFAULT_MAPS),
                   help=f"maps to play on (names or paths); default {','.join(DEFAULT_MAPS)}")


def _squad_study_how(p: argparse.ArgumentParser) -> None:
    """--seed, --max-rounds and where the battles run (--jobs, --cluster, --db), as price
    and balance read them."""
    p.add_argument("--seed", metavar="S", type=_seed, default=0, help="first seed; default 0")
    p.add_argument("--max-rounds", metavar="R", type=_rounds, help="end in a draw after R rounds")
    study_options(p)


def build_parser(prog: str = "skirmish") -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="Rulebook Skirmish: tabletop combat rulesets on Tiled maps.",
                     epilog="With no command, opens the window (play).")
    from game import __version__
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    parser.commands = sub.choices  # for "did you mean" (main)

    def battle_options(p: argparse.ArgumentParser, required: bool = False, default_ruleset=None,
                       default_map=None, default_seed=None) -> None:
        p.add_argument("--ruleset", metavar="ID", default=default_ruleset,
                       help="ruleset id (see `rulesets`)" + (f"; default {default_ruleset}" if default_ruleset else ""))
        p.add_argument("--map", metavar="PATH", type=_map_arg, default=default_map,
                       help="a .tmx file, or the name of one in maps/" +
                            ("; default maps/woodland.tmx" if default_map else ""))
        p.add_argument("--seed", metavar="S", type=_seed, default=default_seed,
                       help="the battle's random seed" + (f"; default {default_seed}" if default_seed is not None else ""))

    from game.replay import default_map
    woodland = default_map()

    p = sub.add_parser("play", help="open the window (the default)")
    battle_options(p)
    ai_option(p)
    squad_option(p)
    units_option(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("demo", help="one AI-against-AI battle, in the window or printed (--headless)")
    p.add_argument("--headless", action="store_true", help="print the battle log instead of opening the window")
    # No defaults here: the window loops over every map and ruleset unless told which;
    # --headless fills in woodland, d20 and seed 0 itself.
    battle_options(p)
    p.add_argument("--max-rounds", metavar="R", type=_rounds, help="end in a draw after R rounds")
    p.add_argument("--save-replay", metavar="FILE", type=Path, help="with --headless: write the battle's replay")
    ai_option(p)
    squad_option(p)
    units_option(p)
    p.add_argument("--speed", choices=("1", "2", "4", "instant"), default="2",
                   help="the window's pace (default 2; the menu's last speed is not used)")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("simulate", help="many headless AI-against-AI battles and a summary")
    battle_options(p, default_ruleset="d20", default_map=woodland, default_seed=0)
    p.add_argument("--battles", metavar="N", type=_battles, default=100,
                   help=f"how many (at most {MAX_BATTLES:,}); default 100")
    ai_option(p)
    squad_option(p)
    units_option(p)
    study_options(p)
    p.add_argument("--json", metavar="FILE", type=Path, help="also write every result and the summary as JSON")
    p.add_argument("--csv", metavar="FILE", type=Path, help="also write one row per battle as CSV")
    p.add_argument("--max-rounds", metavar="R", type=_rounds, help="end in a draw after R rounds")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("ladder", help="rate a ruleset's AI levels by playing them against each other")
    p.add_argument("--ruleset", metavar="ID", default="d20", help="ruleset id (see `rulesets`); default d20")
    p.add_argument("--maps", metavar="A,B,...", default=",".join(DEFAULT_MAPS),
                   help=f"maps to play on (names or paths); default {','.join(DEFAULT_MAPS)}")
    p.add_argument("--levels", metavar="A,B,...",
                   help="levels to rate, weakest first; default every level the ruleset offers")
    p.add_argument("--battles", metavar="N", type=_battles, default=100,
                   help="battles per pairing per map (seeds played from both sides); default 100")
    p.add_argument("--seed", metavar="S", type=_seed, default=0, help="first seed; default 0")
    p.add_argument("--max-rounds", metavar="R", type=_rounds, help="end in a draw after R rounds")
    squad_option(p)
    units_option(p)
    study_options(p)
    p.add_argument("--json", metavar="FILE", type=Path, help="also write the table and ratings as JSON")
    p.add_argument("--csv", metavar="FILE", type=Path, help="also write the table as CSV")
    p.add_argument("--plot", metavar="FILE.png", type=Path,
                   help="also draw the ratings and the win-share matrix (needs the [lab] extra)")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("price", help="fit each unit template's point cost by playing mixed squads")
    _squad_study_where(p)
    p.add_argument("--battles", metavar="N", type=_battles, default=400, help="battles to play; default 400")
    p.add_argument("--refits", metavar="K", type=_int_at_least(0), default=REFITS,
                   help=f"then K times: play equal-points pairs under the costs so far and refit on every "
                        f"battle; default {REFITS}")
    p.add_argument("--refit-battles", metavar="M", type=_battles,
                   help="battles of each refit; default --battles")
    p.add_argument("--tune-battles", metavar="T", type=_int_at_least(0), default=0,
                   help="then play T equal-points pairs drawn as balance draws them and move costs by a "
                        "point or two where a model with counters says the pairs get more even; "
                        "default 0 (no tune); docs/squads.md used 3000")
    _squad_study_how(p)
    p.add_argument("--write", action="store_true", help="write the fitted costs into the ruleset's units.toml "
                                                        "(and custom units' costs into their own file)")
    units_option(p)
    p.set_defaults(func=cmd_price)

    p = sub.add_parser("balance", help="do equal points make even fights? random equal-points pairs "
                                       "against the equal-size baseline")
    _squad_study_where(p)
    p.add_argument("--pairs", metavar="P", type=_int_at_least(1), default=20, help="pairs of squads; default 20")
    p.add_argument("--battles", metavar="N", type=_battles, default=80, help="battles per pair; default 80")
    _squad_study_how(p)
    p.add_argument("--no-baseline", action="store_true", help="skip the equal-size baseline")
    units_option(p)
    p.set_defaults(func=cmd_balance)

    p = sub.add_parser("replay", help="print a replay's log, or --verify it")
    p.add_argument("file", metavar="FILE", type=Path)
    p.add_argument("--verify", action="store_true",
                   help="re-simulate and check the final state's digest against the recorded one")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("check-map", help="load a Tiled map and summarize it, or say what is wrong")
    p.add_argument("path", metavar="PATH", type=_map_arg)
    p.set_defaults(func=cmd_check_map)

    p = sub.add_parser("scenarios", help="list the shipped and user scenarios: name, map, kinds, sides")
    p.set_defaults(func=cmd_scenarios)

    p = sub.add_parser("rulesets", help="list the rulesets: id and name")
    p.set_defaults(func=cmd_rulesets)

    p = sub.add_parser("bench", help="time the hot paths against their targets (median of several runs)")
    p.add_argument("--repeats", metavar="N", type=_int_at_least(1), default=7, help="timed runs each; default 7")
    p.add_argument("--only", metavar="NAME", action="append", help="run only this bench (repeatable)")
    p.add_argument("--kept", metavar="RULESET", action="append",
                   help="print what each kept table (game.kept) earned in a few battles of RULESET, "
                        "instead of timing (repeatable)")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("soak", help="battles over every ruleset and map, invariants checked after every decision")
    p.add_argument("--minutes", metavar="M", type=float, default=1.0, help="how long to play; default 1")
    p.add_argument("--battles", metavar="N", type=_int_at_least(1), help="stop after N battles")
    p.add_argument("--seed", metavar="S", type=_seed, default=0, help="battle i uses seed S + i; default 0")
    p.add_argument("--ruleset", metavar="ID", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--map", metavar="PATH", type=_map_arg, action="append", help="only this map (repeatable)")
    p.add_argument("--verify-every", metavar="K", type=_int_at_least(0), default=10,
                   help="replay-verify and probe every K-th battle (0: never); default 10")
    p.add_argument("--max-rounds", metavar="R", type=_rounds, default=12,
                   help="end each battle in a draw after R rounds; default 12")
    p.add_argument("--pairing", metavar="A-B", action="append",
                   help="only this pair of AI levels, e.g. easy-normal (repeatable)")
    p.add_argument("--json", metavar="FILE", type=Path, help="also write the totals and failures as JSON")
    p.set_defaults(func=cmd_soak)

    # network play (game/net, docs/network.md)
    from game.net import commands as net
    p = sub.add_parser("serve", help="hold network battles: the authoritative server (headless)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on; default 127.0.0.1 (this machine only)")
    p.add_argument("--port", type=_port, default=net.DEFAULT_PORT, help=f"default {net.DEFAULT_PORT}; 0: any free port")
    p.add_argument("--max-battles", metavar="N", type=_int_at_least(1), default=16, help="battles held at once; default 16")
    p.add_argument("--state", metavar="DIR", type=Path,
                   help="keep unfinished battles here and resume them after a restart; default: "
                        "network-battles in the user data folder")
    p.add_argument("--away-after", metavar="SECONDS", type=_seconds, default=120.0,
                   help="offer a seat gone this long to the other side: wait, adjourn, or the AI plays it; default 120")
    p.add_argument("--demo-pace", metavar="SECONDS", type=_seconds, default=0.5,
                   help="seconds between two choices of a battle of AI seats only (a demo for spectators); default 0.5")
    p.set_defaults(func=net.cmd_serve)

    p = sub.add_parser("open", help="open a battle on a server; prints each person seat's code")
    p.add_argument("address", metavar="HOST:PORT")
    p.add_argument("--map", metavar="M", default="maps/woodland.tmx", help="a map the server has; default maps/woodland.tmx")
    p.add_argument("--ruleset", metavar="ID", default="d20", help="ruleset id; default d20")
    p.add_argument("--seats", metavar="A,B", default="person,person",
                   help="one per side: person or ai:LEVEL; default person,person")
    p.add_argument("--fog", action="store_true", help="fog of war, enforced by the server")
    p.add_argument("--seed", metavar="S", type=_seed, help="the battle's seed (default: the server draws one)")
    p.add_argument("--max-rounds", metavar="R", type=_rounds, help="end in a draw after R rounds")
    squad_option(p)
    p.add_argument("--spectators", metavar="N", type=_int_at_least(0), default=0,
                   help="spectator seats (each prints `spectator: CODE`); at most 8; default 0")
    p.set_defaults(func=net.cmd_open)

    p = sub.add_parser("join", help="play a network seat headless with an AI; prints the result")
    p.add_argument("address", metavar="HOST:PORT")
    p.add_argument("--code", required=True, help="the seat's code (from open)")
    p.add_argument("--ai", metavar="LEVEL", default="greedy", help="random or greedy (default), played from the seat's view")
    p.add_argument("--ai-seed", metavar="S", type=_seed, default=0, help="the AI's own random stream; default 0")
    p.add_argument("--timeout", metavar="SECONDS", type=_int_at_least(1), default=3600, help="give up after this long; default 3600")
    p.add_argument("--save-replay", metavar="FILE", type=Path, help="write the battle's replay at its end")
    p.add_argument("--when-away", choices=("wait", "adjourn", "ai"), default="wait",
                   help="the answer when the other seat is away past the server's limit; default wait")
    p.set_defaults(func=net.cmd_join)
    return parser


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port (0-65535)")
    return int(text)


# --- play / the window -----------------------------------------------------------------
def display_problem() -> str | None:
    """Why the window cannot open here, or None. Looks at the environment only (no
    pygame import), so a headless machine gets a clear line instead of an SDL error."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None  # chosen explicitly: dummy / offscreen for tests, or a real driver
    if sys.platform in ("win32", "darwin") or sys.platform.startswith("cygwin"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return (f"no display (neither DISPLAY nor WAYLAND_DISPLAY is set) for the window; "
            f"for a battle in the terminal run `{HEADLESS_HINT}`")


def _open_window(args: argparse.Namespace, entry: str) -> int:
    problem = display_problem()
    if problem:
        raise CommandError("play" if entry == "run" else "demo", problem)
    try:
        app = importlib.import_module("game.ui.app")
    except ModuleNotFoundError as exc:
        if exc.name not in ("game.ui", "game.ui.app"):
            raise
        app = None
    run = getattr(app, entry, None)
    if run is None:
        raise CommandError("game.ui.app", f"the window is not built yet (no {entry}()); "
                                          f"for a battle in the terminal run `{HEADLESS_HINT}`")
    try:
        status = run(args)
    except Exception as exc:
        # pygame.error when SDL finds no usable video device despite the environment.
        if type(exc).__name__ == "error" and type(exc).__module__.startswith("pygame"):
            raise CommandError("display", f"{exc}; for a battle in the terminal run `{HEADLESS_HINT}`") from None
        raise
    return status if isinstance(status, int) else 0


def cmd_play(args: argparse.Namespace) -> int:
    if args.squad:
        # the battle starts at once with the squads, as `play --map` starts its battle
        if args.map is None:
            raise CommandError("--squad", "needs --map (the window starts that battle with the squads)")
        args.ruleset = args.ruleset or "d20"
        custom = custom_for(args, args.ruleset)
        squads, names = chosen_squads(args, args.ruleset, args.map, custom)
        args.battle_squads = {"squads": dict(squads), "names": dict(names) or None, "custom": custom}
    elif args.units is not None:
        custom_for(args, args.ruleset or "d20")  # a bad file is one line, before the window opens
    if args.ai:
        # the sides named are played by the AI at those levels (the menu's choice for the rest);
        # checked against the ruleset and map when they are named, else by the menu
        from game.ai.levels import check_level, parse_ai_sides
        sides = parse_ai_sides(args.ai)
        if args.map is not None:
            ai_levels_for(args.ai, args.ruleset, args.map)  # the sides the map has
        for level in sides.values():
            check_level(args.ruleset, level)
        args.ai_sides = sides
    return _open_window(args, "run")


# --- demo ------------------------------------------------------------------------------
def cmd_demo(args: argparse.Namespace) -> int:
    if not args.headless:
        if args.save_replay is not None:
            raise CommandError("--save-replay", "only works with --headless")
        if args.squad or args.ai:
            # squads and levels belong to one ruleset and map: the loop plays that battle
            # again and again (a new seed each time), woodland and d20 unless told
            from game.replay import default_map
            args.ruleset = args.ruleset or "d20"
            args.map = args.map or default_map()
            custom = custom_for(args, args.ruleset)
            squads, names = chosen_squads(args, args.ruleset, args.map, custom)
            args.battle_squads = {"squads": dict(squads), "names": dict(names) or None, "custom": custom} \
                if squads else None
            args.ai_levels = dict(ai_levels_for(args.ai, args.ruleset, args.map))
        elif args.units is not None:
            custom_for(args, args.ruleset or "d20")  # a bad file is one line, before the window opens
        return _open_window(args, "run_demo")
    from game.engine.events import BattleEnded
    from game.replay import save_replay
    from game.simulate import BattleSpec, play_ai_battle

    from game.replay import default_map
    ruleset = args.ruleset or "d20"
    map_path = args.map or default_map()
    custom = custom_for(args, ruleset)
    squads, names = chosen_squads(args, ruleset, map_path, custom)
    spec = BattleSpec(str(map_path), ruleset, 0 if args.seed is None else args.seed, args.max_rounds,
                      ai_levels_for(args.ai, ruleset, map_path), squads, names, custom)
    battle = play_ai_battle(spec, on_event=lambda event: say(event.describe()))
    try:
        if not (battle.log and isinstance(battle.log[-1], BattleEnded)):
            who = f"side {battle.winner} wins" if battle.winner is not None else "no winner"
            print(f"Battle over after {battle.round} rounds: {who}.")
        if args.save_replay is not None:
            save_replay(battle, args.save_replay, dict(squads) or None)
            say(f"replay saved: {args.save_replay}", file=sys.stderr)
    finally:
        battle.close()
    return 0


# --- simulate --------------------------------------------------------------------------
def ai_levels_for(text: str | None, ruleset: str | None, map_path) -> tuple[tuple[int, str], ...]:
    """`--ai 1=hard,2=normal` checked against the ruleset's levels and the map's sides."""
    from game.ai.levels import check_level, parse_ai_sides
    from game.engine.setup import shared_map

    sides = parse_ai_sides(text)
    if not sides:
        return ()
    teams = shared_map(map_path).teams()
    for side, level in sides.items():
        if side not in teams:
            raise CommandError("--ai", f"the map has no side {side} (its sides: {', '.join(map(str, teams))})")
        check_level(ruleset, level)
    return tuple(sorted(sides.items()))


def _open_db(path: Path | None):
    from game.study_db import BattleDB
    return BattleDB(path) if path is not None else None


def _runner(args: argparse.Namespace):
    """Plays specs by --jobs or --cluster: an iterable of specs in, results out in order."""
    if args.cluster is not None:
        from game.cluster import run_on_cluster
        return lambda specs: run_on_cluster(iter(specs), args.cluster, args.cluster_wait)
    from game.simulate import run_battles
    jobs = args.jobs or usable_cpus()
    return lambda specs: run_battles(specs, jobs)


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.engine.setup import new_battle
    from game.replay import map_ref
    from game.outputs import provenance
    from game.simulate import BattleSpec, battles_csv, summarize_results, summary_text
    from game.study_db import reuse_line, run_with_db

    # Bad input (outputs, map, ruleset, rosters, levels) is found here, in this process,
    # before any worker starts: a worker would only see it as a crash.
    check_outputs(args)
    kwargs = {} if args.max_rounds is None else {"max_rounds": args.max_rounds}
    check_seed_run(args.seed, args.battles)
    custom = custom_for(args, args.ruleset)
    squads, names = chosen_squads(args, args.ruleset, args.map, custom)
    probe = new_battle(args.map, args.ruleset, seed=args.seed, squads=dict(squads) or None, custom=custom, **kwargs)
    max_rounds = probe.max_rounds
    probe.close()
    levels = ai_levels_for(args.ai, args.ruleset, args.map)
    db = _open_db(args.db)
    ref = map_ref(args.map)
    setup = _setup_for(args.ruleset, args.map, squads, custom if squads else None) if db is not None else None

    specs = (BattleSpec(str(args.map), args.ruleset, args.seed + i, args.max_rounds, levels, squads, names, custom)
             for i in range(args.battles))
    results = []
    progress = _Progress(args.battles)
    try:
        progress.update(0)
        for result in run_with_db(specs, _runner(args), db, lambda spec: setup, max_rounds):
            results.append(result)
            progress.update(len(results))
    finally:
        progress.close()
        if db is not None:
            db.close()
    if db is not None:
        print(reuse_line(db, len(results)), file=sys.stderr)

    summary = summarize_results(results)
    # The summary first: a file that fails to write must not cost the study's result.
    say(summary_text(args.ruleset, ref, args.seed, summary))
    if results:
        print("AI levels: " + ", ".join(f"side {side} {level}" for side, level in results[0]["levels"].items()))
    if args.json is not None:
        doc = {"ruleset": args.ruleset, "map": ref, "seed": args.seed, "max_rounds": max_rounds,
               "levels": {str(t): dict(levels).get(t, "normal") for t in sorted({int(k) for r in results
                                                                                   for k in r["levels"]})},
               "battles": results, "summary": summary, **provenance(_command_line(args))}
        _write(args.json, json.dumps(doc, indent=2) + "\n")
    if args.csv is not None:
        _write(args.csv, battles_csv(results, args.ruleset, ref, max_rounds, provenance(_command_line(args))))
    return 0


def _command_line(args: argparse.Namespace) -> str:
    return getattr(args, "command_line", "")  # set by main(); absent when a cmd_ is called directly


def _write(path: Path, text: str) -> None:
    from game.replay import atomic_write_text
    if path.is_dir():
        raise CommandError(str(path)[:200], "is a directory")
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise CommandError(str(path)[:200], f"cannot be written ({exc.strerror or exc})") from None


def cmd_ladder(args: argparse.Namespace) -> int:
    from game import ladder
    from game.ai.levels import ai_levels, check_level
    from game.engine.setup import new_battle
    from game.outputs import provenance
    from game.replay import resolve_map
    from game.study_db import reuse_line, run_with_db

    check_outputs(args)
    offered = list(ai_levels(args.ruleset))
    if args.levels:
        levels = [level.strip() for level in args.levels.split(",") if level.strip()]
        for level in levels:
            check_level(args.ruleset, level, "--levels")
        if len(set(levels)) != len(levels):
            raise CommandError("--levels", "a level is listed twice")
    else:
        levels = offered
    if len(levels) < 2:
        raise CommandError("--levels", "a ladder needs at least two levels")
    check_seed_run(args.seed, ladder.seeds_for(args.battles))
    names = [name.strip() for name in args.maps.split(",") if name.strip()]
    if not names:
        raise CommandError("--maps", "no map given")
    maps = []
    max_rounds = None
    squads: dict[str, tuple] = {}
    custom = custom_for(args, args.ruleset)
    for name in names:
        path = resolve_map(name)
        kwargs = {} if args.max_rounds is None else {"max_rounds": args.max_rounds}
        squads[str(path)] = squads_for(args, args.ruleset, path, custom)  # each map's sides and budgets
        probe = new_battle(path, args.ruleset, seed=args.seed, squads=dict(squads[str(path)]) or None,
                           custom=custom, **kwargs)  # bad maps fail here, in one line
        max_rounds = probe.max_rounds
        probe.close()
        maps.append((Path(name).stem, str(path)))
    db = _open_db(args.db)
    setups = {path: _setup_for(args.ruleset, path, squads[path], custom if squads[path] else None)
              for _, path in maps} if db is not None else {}
    with_units = _with_custom(custom)
    progress = _Progress(ladder.total_battles(levels, maps, args.battles))
    try:
        progress.update(0)
        table = ladder.play_ladder(
            args.ruleset, maps, levels, args.battles, args.seed, args.max_rounds,
            squads=squads, run=lambda specs: run_with_db(with_units(specs), _runner(args), db,
                                                         lambda s: setups[s.map_path], max_rounds),
            on_battle=progress.update)
    finally:
        progress.close()
        if db is not None:
            db.close()
    if db is not None:
        print(reuse_line(db, ladder.total_battles(levels, maps, args.battles)), file=sys.stderr)
    rated = ladder.ratings(levels, table, args.seed)
    map_names = [name for name, _ in maps]
    say(ladder.table_text(args.ruleset, map_names, args.battles, args.seed, table, rated))
    if args.json is not None:
        _write(args.json, json.dumps(ladder.to_json(args.ruleset, map_names, args.seed, args.battles,
                                                    table, rated, provenance(_command_line(args))), indent=2) + "\n")
    if args.csv is not None:
        _write(args.csv, ladder.to_csv(table, provenance(_command_line(args))))
    if args.plot is not None:
        try:
            ladder.plot(args.plot, args.ruleset, levels, table, rated)
        except OSError as exc:  # a full disk: name the file, as _write does
            raise CommandError(str(args.plot)[:200], f"cannot be written ({exc.strerror or exc})") from None
    return 0


def _with_custom(custom):
    """Specs given the designer's units their squads may field (a spec without squads
    fields the map's default, the ruleset's own units, and stays as it was)."""
    from dataclasses import replace
    if custom is None:
        return lambda specs: specs
    return lambda specs: (replace(s, custom=custom) if s.squads else s for s in specs)


# --- price and balance (issue 29) ------------------------------------------------------
def _study_maps(text: str, ruleset: str, max_rounds) -> list[str]:
    """--maps for price and balance: each map resolved and probed (bad ones fail here)."""
    from game.engine.setup import new_battle
    from game.replay import resolve_map
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CommandError("--maps", "no map given")
    paths = []
    for name in names:
        path = resolve_map(name)
        kwargs = {} if max_rounds is None else {"max_rounds": max_rounds}
        new_battle(path, ruleset, seed=0, **kwargs).close()
        paths.append(str(path))
    if len(set(paths)) != len(paths):
        raise CommandError("--maps", "a map is listed twice")
    return paths


def _squad_study_runner(args: argparse.Namespace, custom, db):
    """Plays price's and balance's specs (each with its own squads) by --jobs or
    --cluster, through `db` (--db) when given: a stored battle is keyed on its map,
    squads, the designer's units, levels, seed and round limit, like simulate's."""
    from game.study_db import run_with_db
    with_units, run = _with_custom(custom), _runner(args)
    setups: dict = {}

    def setup_of(spec):
        key = (spec.map_path, spec.squads)
        if key not in setups:
            setups[key] = _setup_for(args.ruleset, spec.map_path, spec.squads, custom if spec.squads else None)
        return setups[key]
    return lambda specs: run_with_db(with_units(specs), run, db, setup_of, args.max_rounds or 0)


def cmd_price(args: argparse.Namespace) -> int:
    from game.price import price, priced_text
    from game.study_db import reuse_line
    from game.price_play import outcomes, price_specs, refit_specs, refitted, tune_specs
    from game.price_tune import CHECK_DRAWS, fit_counters, forecast, tune_text, tuned
    from game.price_write import write_costs
    from game.rulesets import load_ruleset

    custom = custom_for(args, args.ruleset)
    ruleset = load_ruleset(args.ruleset, custom)
    templates = list(ruleset.data.templates)  # the designer's units priced with the rest
    maps = _study_maps(args.maps, args.ruleset, args.max_rounds)
    refit_battles = args.battles if args.refit_battles is None else args.refit_battles
    check_seed_run(args.seed, max(args.battles, refit_battles, args.tune_battles))
    total = args.battles + args.refits * refit_battles + args.tune_battles
    db = _open_db(args.db)
    run = _squad_study_runner(args, custom, db)
    progress = _Progress(total)
    try:
        progress.update(0)
        played = outcomes(price_specs(args.ruleset, templates, maps, args.battles, args.seed, args.max_rounds),
                          templates, maps, run, on_battle=progress.update)

        def play_refit(costs: dict[str, int], refit: int) -> list:
            done = args.battles + (refit - 1) * refit_battles
            specs = refit_specs(args.ruleset, costs, maps, refit_battles, args.seed, refit, args.max_rounds)
            return outcomes(specs, templates, maps, run, on_battle=lambda n: progress.update(done + n))
        stages, played = refitted(played, templates, len(maps), args.refits, args.seed, play_refit)
        priced = price(played, templates, len(maps), args.seed)  # the last fit, with its intervals
        costs = dict(zip(templates, priced.costs))
        tune = None
        if args.tune_battles:
            done = args.battles + args.refits * refit_battles
            specs = tune_specs(args.ruleset, costs, maps, args.tune_battles, args.seed, args.max_rounds)
            model = fit_counters(outcomes(specs, templates, maps, run, on_battle=lambda n: progress.update(done + n)),
                                 templates, len(maps), costs, priced.logit_per_point, args.seed)
            after = tuned(model, args.ruleset, costs, args.seed)
            tune = tune_text(model, args.tune_battles, costs, after,
                             *(forecast(model, args.ruleset, c, CHECK_DRAWS, "tune-check", args.seed)
                               for c in (costs, after)))
            costs = after
    finally:
        progress.close()
        if db is not None:
            db.close()
    if db is not None:
        print(reuse_line(db, total), file=sys.stderr)
    current = {t: ruleset.data.templates[t].cost for t in templates}
    for refit, before in enumerate(stages[:-1], start=1):
        say(f"refit {refit}: {refit_battles} equal-points battles under "
            + ", ".join(f"{t} {c}" for t, c in zip(templates, before.costs)))
    say(priced_text(args.ruleset, priced, current))
    if tune is not None:
        say(tune)
    if args.write:
        own = set(custom.ids) if custom is not None else set()
        writes = [(None, {t: c for t, c in costs.items() if t not in own})]
        if own:
            writes.append((Path(custom.source), {t: c for t, c in costs.items() if t in own}))
        for where, part in writes:
            try:
                path = write_costs(args.ruleset, part, where)
            except OSError as exc:
                raise CommandError(str(exc.filename or args.ruleset), f"cannot be written ({exc.strerror or exc})") from None
            say(f"costs written: {path}", file=sys.stderr)
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    from game import price_check
    from game.study_db import reuse_line
    from game.rulesets import load_ruleset
    from game.squads import template_cost

    custom = custom_for(args, args.ruleset)
    ruleset = load_ruleset(args.ruleset, custom)
    for template in ruleset.data.templates:
        template_cost(ruleset, template)  # unpriced templates: one line, before anything plays
    maps = _study_maps(args.maps, args.ruleset, args.max_rounds)
    check_seed_run(args.seed + 100_000 * (args.pairs - 1), args.battles)
    studies = [("equal points", True)] + ([] if args.no_baseline else [("equal size (baseline)", False)])
    total = len(studies) * args.pairs * args.battles
    db = _open_db(args.db)
    run = _squad_study_runner(args, custom, db)
    progress = _Progress(total)
    texts, done = [], 0
    try:
        progress.update(0)
        for title, equal_points in studies:
            pairs = price_check.make_pairs(ruleset, args.pairs, args.seed, equal_points)
            checked = price_check.check(ruleset, pairs, maps, args.battles, args.seed, args.max_rounds, run,
                                        on_battle=lambda n, d=done: progress.update(d + n))
            done += args.pairs * args.battles
            texts.append(price_check.check_text(
                f"{args.ruleset} {title}: {args.pairs} pairs x {args.battles} battles over "
                f"{', '.join(Path(m).stem for m in maps)}, seed {args.seed}", checked))
    finally:
        progress.close()
        if db is not None:
            db.close()
    if db is not None:
        print(reuse_line(db, total), file=sys.stderr)
    say("\n".join(texts))
    return 0


# --- replay ----------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    from game.replay import read_replay, replay_any, verify_replay

    if args.verify:
        print(f"verified: {verify_replay(args.file)}")
        return 0
    battle = replay_any(args.file, read_replay(args.file))
    try:
        for event in battle.log:
            say(event.describe())
        if not battle.over:
            print(f"(saved in round {battle.round}, before the end; {len(battle.choices)} choices)")
    finally:
        battle.close()
    return 0


# --- small commands --------------------------------------------------------------------
def cmd_check_map(args: argparse.Namespace) -> int:
    from game.engine.setup import check_scenario_rulesets
    from game.world.tiled import load_map, summarize

    tmap = load_map(args.path)
    check_scenario_rulesets(tmap)  # squad_<side>.<ruleset>, round_limit.<ruleset>, ...: the rulesets exist
    say(summarize(tmap))
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    """One line per scenario among the menu's maps (shipped, then the player's): its
    name, map, kinds of objective and sides. A user map that cannot be read is one
    error line on stderr (the others are still listed) and exit status 2."""
    from game.errors import MapError
    from game.replay import map_ref
    from game.ui.mission_words import scenario_line
    from game.world.catalog import menu_maps
    from game.world.tiled import load_map

    status = 0
    for path in menu_maps():
        try:
            tmap = load_map(path)
        except MapError as exc:
            status = _fail(f"{exc.where}: {exc.problem}")
            continue
        if tmap.scenario is not None:
            say(scenario_line(tmap, map_ref(path)))
    return status


def cmd_rulesets(args: argparse.Namespace) -> int:
    from game.rulesets import REGISTRY

    for info in REGISTRY.values():
        print(f"{info.id}\t{info.name}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from game import bench

    if args.kept:
        from game.rulesets import load_ruleset
        for rid in args.kept:
            load_ruleset(rid)  # an unknown id is one line, before anything runs
        for rid in args.kept:
            print("\n".join(bench.kept_report(rid)), flush=True)
        return 0
    bench.load_extra_benches()
    known = [b.name for b in bench.BENCHES]
    for name in args.only or ():
        if name not in known:
            raise CommandError("--only", f"no bench named {name!r} (known: {', '.join(known)})")
    print(f"median of {args.repeats} runs each (after one warm-up run)")
    results = bench.run_benches(args.repeats, args.only,
                                report=lambda m: print(m.line(), flush=True))
    return 1 if any(m.failed for m in results) else 0


def cmd_soak(args: argparse.Namespace) -> int:
    import time
    from game import soak
    from game.engine.setup import shared_map
    from game.rulesets import load_ruleset

    for rid in args.ruleset or ():
        load_ruleset(rid)  # an unknown id is one line, before anything runs
    for path in args.map or ():
        shared_map(path)  # so is a map that cannot be played (issue 33.8), not a FAIL per battle
    if not args.minutes > 0 or args.minutes > 7 * 24 * 60:
        raise CommandError("--minutes", f"must be above 0 and at most a week (it is {args.minutes})")
    pairings = []
    for text in args.pairing or ():
        pair = tuple(text.split("-"))
        if len(pair) != 2 or not all(pair):
            raise CommandError("--pairing", f"{text[:40]!r} is not two AI levels like easy-normal")
        pairings.append(pair)
    if args.battles is not None:
        check_seed_run(args.seed, args.battles)  # without --battles the soak stops at the last seed
    start = time.monotonic()
    totals = soak.run_soak(args.minutes, args.seed, args.battles, args.ruleset,
                           [str(m) for m in args.map] if args.map else None, args.verify_every,
                           args.max_rounds, report=lambda line: say(line, flush=True),
                           pairings=pairings or None)
    seconds = time.monotonic() - start
    if args.json is not None:
        _write(args.json, soak.json_text(totals, seconds, args.seed))  # a failed write names the file
    print(totals.line(seconds), flush=True)
    return 1 if totals.failures else 0


# --- entry point -----------------------------------------------------------------------
def main(argv: Sequence[str] | None = None, prog: str = "skirmish") -> int:
    """Run one command; return the exit status (0 fine, 2 bad input, 1 a bench failed)."""
    try:
        parser = build_parser(prog)
        argv = list(sys.argv[1:] if argv is None else argv)
        _check_command(parser, argv)
        args = parser.parse_args(argv)
        if args.command is None:
            args = parser.parse_args(["play"])
        _check_rulesets(args)
        args.command_line = " ".join([prog, shlex.join(argv)]).strip()  # recorded in JSON and CSV outputs
        return args.func(args)
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except (InputError, CommandError) as exc:
        return _fail(f"{exc.where}: {exc.problem}")
    except IllegalChoice as exc:
        return _fail(f"choice: {exc}")
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return _stdout_gone()
        where = exc.filename if exc.filename is not None else "system"
        return _fail(f"{where}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def did_you_mean(word: str, known) -> str:
    """"; did you mean 'x'?" for the closest known word, or nothing."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _check_command(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """A mistyped command: one line with the nearest command (argparse names none)."""
    if argv and not argv[0].startswith("-") and argv[0] not in parser.commands:
        word = argv[0][:40]
        raise CommandError(parser.prog, f"unknown command {word!r}{did_you_mean(word, parser.commands)} "
                                        f"(commands: {', '.join(parser.commands)})")


def _check_rulesets(args: argparse.Namespace) -> None:
    """A mistyped --ruleset: one line with the nearest id, before anything loads."""
    from game.rulesets import ruleset_ids
    given = getattr(args, "ruleset", None)
    known = list(ruleset_ids())
    for rid in given if isinstance(given, list) else [given]:
        if rid is not None and rid not in known:
            raise CommandError("--ruleset", f"unknown ruleset {rid[:40]!r}{did_you_mean(rid, known)} "
                                            f"(known: {', '.join(known)})")


MAX_ERROR_LINE = 400  # user data quoted in an error can be huge (a 50 MB digest): cut it


def _fail(line: str) -> int:
    line = " ".join(line[: MAX_ERROR_LINE * 4].split())
    if len(line) > MAX_ERROR_LINE:
        line = line[: MAX_ERROR_LINE - 1] + "…"
    say(f"error: {line}", file=sys.stderr)
    return 2


def _stdout_gone() -> int:
    """The reader of our output went away (`| head`): stop quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 0
