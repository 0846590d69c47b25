#!/usr/bin/env python3
"""Draws the load figures of the reference server: load-figures.json (next to this file) as
docs/server-load.svg.

    python examples/server/plot_load.py [--figures load-figures.json] [--out docs/server-load.svg]

Two panels against the number of concurrent games: accepted moves per second, and the p99 move
latency in milliseconds; one line per think time, and the targets (2,000 moves a second, p99
under 100 ms) as dashed lines. The SVG is the same for the same figures: its element ids come
from a fixed salt and it carries no date. Needs matplotlib (``pip install matplotlib``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Dict, List, Optional

import matplotlib

matplotlib.use("svg")

import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

HERE = Path(__file__).resolve().parent
#: The targets the scale tests hold the server to (test_scale.py).
TARGET_MOVES_PER_S = 2000
TARGET_P99_MS = 100


def label(think_ms: float) -> str:
    return "closed loop (no think time)" if think_ms == 0 else f"think {think_ms:g} ms before each move"


def plot(figures: Dict[str, Any], out: Path) -> None:
    runs: List[Dict[str, Any]] = figures["runs"]
    plt.rcParams["svg.hashsalt"] = "fichas-server-load"
    fig, (moves, p99) = plt.subplots(1, 2, figsize=(10, 4))
    for think_ms in sorted({run["think_ms"] for run in runs}):
        series = sorted((run for run in runs if run["think_ms"] == think_ms), key=lambda run: run["games"])
        games = [run["games"] for run in series]
        moves.plot(games, [run["moves_per_s"] for run in series], marker="o", label=label(think_ms))
        p99.plot(games, [run["p99"] for run in series], marker="o", label=label(think_ms))
    moves.axhline(TARGET_MOVES_PER_S, color="grey", linestyle="--", linewidth=1, label=f"target: {TARGET_MOVES_PER_S:,} moves/s")
    p99.axhline(TARGET_P99_MS, color="grey", linestyle="--", linewidth=1, label=f"target: p99 under {TARGET_P99_MS} ms")
    for axes in (moves, p99):
        axes.set_xscale("log")
        ticks = sorted({run["games"] for run in runs})
        axes.set_xticks(ticks)
        axes.set_xticklabels([str(t) for t in ticks])
        axes.minorticks_off()
        axes.set_xlabel("concurrent games (4 seats each)")
        axes.set_ylim(bottom=0)
        axes.grid(True, alpha=0.3)
        axes.legend(fontsize="small", loc="best")
    moves.set_ylabel("accepted moves per second")
    moves.set_title("Throughput")
    p99.set_ylabel("p99 move latency (ms)")
    p99.set_title("Latency")
    # Where and when the figures were taken, from the file: the drawing itself carries no date.
    taken = ", ".join(str(figures[key]) for key in ("date", "machine") if figures.get(key))
    title = "Reference server, SQLite, 2 workers: Parchís games from load.py"
    fig.suptitle(title + (f"\n{taken}" if taken else ""), fontsize="medium")
    fig.tight_layout()
    fig.savefig(out, format="svg", metadata={"Date": None})
    plt.close(fig)


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description="Draws load-figures.json as an SVG.")
    parser.add_argument("--figures", type=Path, default=HERE / "load-figures.json")
    parser.add_argument("--out", type=Path, default=HERE.parent.parent / "docs" / "server-load.svg")
    args = parser.parse_args(argv)
    plot(json.loads(args.figures.read_text(encoding="utf-8")), args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
