"""``mrp-tutor simulate``: seeded bot games on a Dask cluster, one table row per game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mrp_tutor.cli.args import CliError, Subparsers, positive_int
from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import BOTS, SEARCH_ITERATIONS


def add_simulate_command(sub: Subparsers) -> None:
    p = sub.add_parser(
        "simulate", help="play seeded bot games (on Dask) and save one table row per game",
        description="Play seeded games between bots. Game i uses seed S+i, so the same seeds "
        "give the same results whatever the number of workers. With --players 2 the 2-player "
        "variant is played (two main and two neutral colours). Runs of more than one chunk go "
        "to a local Dask cluster (one worker process per core) unless --workers or "
        "--scheduler says otherwise; Ctrl-C stops and keeps the games that finished.")
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--ruleset", metavar="NAME",
                   help="a registered ruleset (mrp-tutor rulesets); default: two_player for 2 "
                        "players, else standard")
    p.add_argument("--games", type=positive_int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--bot", choices=sorted(BOTS), default="random",
                   help="bot deciding for every colour (default random): random, greedy (a "
                        "one-step heuristic) or search (information-set tree search from the "
                        f"seat's view, {SEARCH_ITERATIONS} iterations a decision: about "
                        "0.2 s each, slow)")
    p.add_argument("--bots", metavar="LIST",
                   help="one bot per colour in table order, e.g. search,greedy,greedy,greedy "
                        "(overrides --bot)")
    p.add_argument("--out", metavar="FILE", type=Path,
                   help="save the table (one row per game) as .parquet or .csv")
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="local Dask workers (default: one per core; 0: play in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on an existing Dask cluster, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--chunk", type=positive_int, default=None, metavar="N",
                   help="games per Dask task (default 200)")
    p.add_argument("--no-progress", action="store_true", help="do not show the progress bar")
    p.add_argument("--json", action="store_true", help="print results as JSON")
    p.set_defaults(func=run_simulate)


class _Refused(Exception):
    pass


def _bots(args: argparse.Namespace, colours: int) -> list[str]:
    if not args.bots:
        return [args.bot]
    names = [b.strip() for b in args.bots.split(",")]
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise _Refused(f"--bots: unknown bot {unknown[0]!r}; the bots are "
                       f"{', '.join(sorted(BOTS))}.")
    if len(names) != colours:
        raise _Refused(f"--bots names {plural(len(names), 'bot')} but {args.players} players play "
                       f"{colours} colours; name one per colour.")
    return names


def _search_note(bots: list[str]) -> str:
    """What the search bot's budget was, when it played."""
    from mrp_tutor.games.mission_red_planet.engine import (
        bots as engine_bots,  # (read at run time: the budget the games used)
    )

    budget = engine_bots.SEARCH_ITERATIONS
    return f" (search: {budget} iterations a decision)" if "search" in bots else ""


def run_simulate(args: argparse.Namespace) -> int:
    from mrp_tutor.core.extras import require

    require("Simulating games (mrp-tutor simulate)", "simulate")
    from mrp_tutor.games.mission_red_planet.simulation import (
        DEFAULT_CHUNK,
        ResultsError,
        SimulationError,
        simulate,
    )
    from mrp_tutor.games.mission_red_planet.simulation.records import colours_for
    from mrp_tutor.games.mission_red_planet.simulation.results_file import (
        check_destination,
        file_format,
        save_results,
    )

    players = args.players
    if args.ruleset is None:
        spec = load_spec()
        lo, hi = spec.content.game.players.min, spec.content.game.players.max
    else:
        from mrp_tutor.games.mission_red_planet.engine import MrpError, find_ruleset

        try:
            rules = find_ruleset(args.ruleset)
            spec = rules.spec()
        except MrpError as err:
            raise CliError(f"--ruleset: {err.message}; "
                           "see mrp-tutor rulesets.") from None
        lo, hi = rules.players
    if not lo <= players <= hi:
        raise CliError(f"--players must be between {lo} and {hi} (the rulebook's player "
                       f"counts), not {players}.")
    if args.workers is not None and args.workers < 0:
        raise CliError(f"--workers must be 0 (this process) or more, not {args.workers}.")
    try:
        bots = _bots(args, len(colours_for(spec, players)))
        if args.out is not None:
            check_destination(args.out)
    except (_Refused, ResultsError) as err:
        raise CliError(str(err)) from None
    chunk = args.chunk or DEFAULT_CHUNK
    workers = args.workers
    if workers is None and args.scheduler is None and args.games <= chunk:
        workers = 0  # one chunk: a cluster could not share it out, so do not start one
    try:
        run = simulate(spec, players, args.games, seed=args.seed, bots=bots, workers=workers,
                       scheduler=args.scheduler, chunk=chunk,
                       progress=None if args.no_progress else "cli", with_json=args.json,
                       ruleset=None if args.ruleset is None else rules.name)
    except SimulationError as err:
        print(f"mrp-tutor: {err}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError) as err:
        if args.scheduler is None:
            raise
        raise CliError(f"cannot reach the Dask scheduler at {args.scheduler} ({err}).") from None
    status = 0 if run.complete else 130
    if not run.complete:
        print(f"mrp-tutor: interrupted: {len(run.rows):,} of {run.requested:,} games "
              f"finished and are kept.", file=sys.stderr)
    if args.out is not None:
        try:
            path = save_results(run.table(), args.out)
        except ResultsError as err:
            raise CliError(str(err)) from None
        print(f"saved {plural(len(run.rows), 'game')} to {path} ({file_format(path)})",
              file=sys.stderr if args.json else sys.stdout)
    rate = f"{run.rate:,.1f}" if run.rate >= 1 else f"{run.rate:.2g}"
    summary = (f"{plural(len(run.rows), 'game')}, {players} players, bots {','.join(bots)}"
               f"{_search_note(bots)}: {rate} games/s on {plural(run.workers, 'worker')} "
               f"({run.where})")
    if run.resubmitted:
        summary += (f"; {plural(run.resubmitted, 'chunk')} played again after "
                    f"{'its worker' if run.resubmitted == 1 else 'their workers'} died")
    if args.json:
        print(json.dumps({"games": run.records}))
        print(summary, file=sys.stderr)
        return status
    if args.out is None:
        at = {name: i for i, name in enumerate(run.columns)}
        for row in run.rows:
            scores = ", ".join(f"{c} {row[at[c + '_score']]}" for c in spec.colours
                               if row[at[c + "_score"]] is not None)
            winners = str(row[at["winners"]]).replace(",", ", ") or "nobody"
            print(f"seed {row[at['seed']]}: {scores}; winners: {winners} "
                  f"({row[at['events']]} events)")
    print(summary)
    return status
