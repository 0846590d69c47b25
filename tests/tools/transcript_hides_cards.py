"""A terminal game of Cartas played by the human at seat 2 names no card of another seat.

    python3 tests/tools/transcript_hides_cards.py TRANSCRIPT

No sentence names a card dealt, passed or stolen between other seats, and an exchange card
appears only in the human's own numbered choices (the example's test
a_whole_cartas_game_for_seat_2_names_no_card_of_another_seat checks every event of such a game
against the table's unfiltered stream).
"""

import re
import sys

OTHER = "(Yellow|Blue|Green)"  # seats 0, 1 and 3; seat 2 is "you"
ABOUT_OTHERS = re.compile(
    rf"{OTHER} (is dealt|lays) |{OTHER} receives .* from {OTHER}$|{OTHER} takes .* from {OTHER}'s hand$"
)


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read().replace("\n    ", " ")  # a wrapped sentence reads as one line
    told = [line.split("· ", 1)[1] for line in text.splitlines() if line.startswith("  · ")]
    between = [t for t in told if ABOUT_OTHERS.match(t)]
    leaks = [t for t in between if " a card " not in t]
    if not between or leaks:
        sys.exit(f"cards between other seats: {len(between)}; named: {leaks[:3]}")
    others = [line for line in text.splitlines() if "pass:" in line and not re.match(r"\s*\d+\) pass:", line)]
    if others:
        sys.exit(f"an exchange card outside the human's choices: {others[:3]}")
    print(f"play: {len(told)} sentences told to seat 2, {len(between)} of cards between other seats, none named")


if __name__ == "__main__":
    main()
