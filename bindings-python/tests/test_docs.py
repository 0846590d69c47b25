"""The Python blocks of the server and record docs run as written, in order, and print what their
comments say they print."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
from typing import Any, Dict, List

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
SHOWN = re.compile(r"^\s*print\(.*\)\s+#\s?(.*)$")


def blocks(name: str) -> List[str]:
    return BLOCK.findall((DOCS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["server.md", "records.md"])
def test_every_python_block_runs_and_prints_what_it_shows(name: str) -> None:
    found = blocks(name)
    assert found, f"docs/{name} has no Python block"
    namespace: Dict[str, Any] = {}
    for index, code in enumerate(found):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"docs/{name} block {index + 1}", "exec"), namespace)
        printed = out.getvalue().splitlines()
        # Each commented print shows its line, in order (loops may print more lines between).
        rest = iter(printed)
        for expected in (m.group(1).strip() for line in code.splitlines() if (m := SHOWN.match(line))):
            assert any(line.strip() == expected for line in rest), (
                f"docs/{name} block {index + 1} should print {expected!r}; it printed {printed}"
            )
