"""Prints each URL that cannot be reached, with why; prints nothing when all can.

    python3 tests/tools/reachable.py URL...

Python's urllib honours HTTPS_PROXY, as cargo, pip, Maven and npm do.
"""

import sys
import urllib.request


def main() -> None:
    for url in sys.argv[1:]:
        try:
            urllib.request.urlopen(url, timeout=8).close()
        except Exception as e:  # any failure to reach it is what this reports
            print(f"{url}: {e}")


if __name__ == "__main__":
    main()
