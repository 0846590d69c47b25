"""The jar of the Kotlin bindings carries the stripped library byte for byte.

    python3 tests/tools/jar_carries.py JAR LIBRARY
"""

import os
import sys
import zipfile


def main() -> None:
    jar, library = sys.argv[1:]
    inside = zipfile.ZipFile(jar).read("linux-x86-64/" + os.path.basename(library))
    with open(library, "rb") as f:
        if inside != f.read():
            sys.exit(f"{jar} does not carry {library}")
    print(f"{jar}: {os.path.getsize(jar) / 1e6:.1f} MB, its library {len(inside) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
