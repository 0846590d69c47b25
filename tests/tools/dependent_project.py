"""A Cargo project outside the checkout, with the [dependencies] of README.md and its random game.

    python3 tests/tools/dependent_project.py README.md CORE_DIR OUT_DIR

Until the crate is published, README.md (Packages) has a project depend on a checkout by path;
this writes such a project into OUT_DIR, pointed at CORE_DIR, with the Quickstart's random game as
its program.
"""

import pathlib
import re
import sys


def main() -> None:
    readme_path, core, out_dir = sys.argv[1:]
    readme = pathlib.Path(readme_path).read_text(encoding="utf-8")
    out = pathlib.Path(out_dir)
    blocks = re.findall(r"^```(\w+)\n(.*?)^```", readme, re.S | re.M)
    (dependencies,) = [code for lang, code in blocks if lang == "toml" and re.search(r"^fichas\s*=", code, re.M)]
    dependencies, n = re.subn(
        r'^(fichas\s*=\s*\{\s*path\s*=\s*)"[^"]*"', lambda m: f'{m.group(1)}"{core}"', dependencies, flags=re.M
    )
    if n != 1:
        sys.exit("README.md's fichas dependency is no path dependency")
    (program,) = [code for lang, code in blocks if lang == "rust" and "rand::rng()" in code]
    (out / "src").mkdir()
    (out / "Cargo.toml").write_text('[package]\nname = "dependent"\nversion = "0.0.0"\nedition = "2024"\n\n' + dependencies)
    (out / "src" / "main.rs").write_text(program)


if __name__ == "__main__":
    main()
