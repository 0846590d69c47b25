"""Plots the expert's learning curves: each generation's share against the medium bot.

    python bindings-python/tools/plot_training.py target/training/*.json --out docs/images/expert-training.svg

Reads the curves train_expert.py writes (--curve), one JSON file per game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import List, Optional

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

NAMES = {"poleana": "Poleana (two colours)", "parchis": "Parchís (four players)", "cartas": "Cartas"}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("curves", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    figure, axes = plt.subplots(figsize=(7, 4))
    for path in args.curves:
        curve = json.loads(path.read_text())
        points = curve["generations"]
        x = [p["generation"] for p in points]
        y = [100 * p["share"] for p in points]
        low = [100 * (p["share"] - p["interval"][0]) for p in points]
        high = [100 * (p["interval"][1] - p["share"]) for p in points]
        axes.errorbar(x, y, yerr=[low, high], marker="o", capsize=3, label=NAMES.get(curve["game"], curve["game"]))
    axes.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xlabel("generation of self-play")
    axes.set_ylabel("share of games won against medium (%)")
    axes.set_title("The expert's network in training: each generation against medium")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    # No date or file name in the picture, so the same curves give the same file.
    figure.savefig(args.out, metadata={"Date": None})
    return 0


if __name__ == "__main__":
    sys.exit(main())
