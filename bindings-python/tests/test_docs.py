"""Every Python block of the project's Markdown files runs as written and prints what it shows.

The blocks of one file run in order, in one namespace, in a temporary directory (a block may
write files such as board.svg). A line ``print(x)  # shown`` must print ``shown``: its printed
lines are matched in order, loops may print more lines between, and ``…`` in a shown value
stands for anything. A bare expression whose comment shows a value (``x  # [1, 2]``) is refused:
it would show nothing when run, so a block prints what it shows.
"""

from __future__ import annotations

import ast
import contextlib
import io
import pathlib
import re
import subprocess
import tokenize
from typing import Any, Dict, List

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
SHOWN = re.compile(r"^\s*print\(.*\)\s+#\s?(.*)$")
# The files with Python blocks, as paths from the repository's root.
FILES = [
    "README.md",
    "bindings-python/README.md",
    "docs/python.md",
    "docs/learning.md",
    "docs/server.md",
    "docs/records.md",
    "docs/openspiel.md",
]
# A comment that starts like a value: a list, dict, tuple, string, number, repr, True/False/None.
VALUE = re.compile(r"""^\s*([\[{(<'"\d-]|True\b|False\b|None\b)""")


def blocks(name: str) -> List[str]:
    return BLOCK.findall((ROOT / name).read_text(encoding="utf-8"))


def matches(expected: str, printed: str) -> bool:
    pattern = ".*".join(re.escape(part.strip()) for part in expected.split("…"))
    return re.fullmatch(pattern, printed.strip(), re.S) is not None


def shows_a_value_unprinted(code: str) -> List[str]:
    """Lines that are a bare expression (not a print) with a comment showing a value."""
    comments = {
        tok.start[0]: tok.string.lstrip("#").strip()
        for tok in tokenize.generate_tokens(io.StringIO(code).readline)
        if tok.type == tokenize.COMMENT
    }
    found = []
    for node in ast.walk(ast.parse(code)):
        if not isinstance(node, ast.Expr) or node.end_lineno is None:
            continue
        call = node.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print":
            continue
        if isinstance(call, ast.Constant):  # a docstring
            continue
        comment = comments.get(node.end_lineno)
        if comment is not None and VALUE.match(comment):
            found.append(code.splitlines()[node.end_lineno - 1].strip())
    return found


def test_every_markdown_file_with_python_blocks_is_run() -> None:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=ROOT, capture_output=True, text=True,
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    with_python = {name for name in listed.stdout.split() if blocks(name)}
    assert with_python <= set(FILES), f"Python blocks that no test runs: {sorted(with_python - set(FILES))}"


@pytest.mark.parametrize("name", FILES)
def test_every_python_block_runs_and_prints_what_it_shows(
    name: str, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = blocks(name)
    assert found, f"{name} has no Python block"
    monkeypatch.chdir(tmp_path)
    namespace: Dict[str, Any] = {"__name__": "__docs__"}
    for index, code in enumerate(found):
        where = f"{name} block {index + 1}"
        unprinted = shows_a_value_unprinted(code)
        assert not unprinted, f"{where} shows a value it does not print: {unprinted}"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, where, "exec"), namespace)
        printed = out.getvalue().splitlines()
        # Each commented print shows its line, in order (loops may print more lines between).
        rest = iter(printed)
        for expected in (m.group(1).strip() for line in code.splitlines() if (m := SHOWN.match(line))):
            assert any(matches(expected, line) for line in rest), (
                f"{where} should print {expected!r}; it printed {printed}"
            )


def test_the_package_docstring_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    import fichas

    doc = fichas.__doc__ or ""
    # The literal blocks: the indented lines after a paragraph that ends with "::".
    found = re.findall(r"::\n\n((?:    .*\n|\n)+)", doc)
    assert len(found) >= 4, doc
    namespace: Dict[str, Any] = {}
    for index, block in enumerate(found):
        code = "\n".join(line[4:] for line in block.splitlines())
        exec(compile(code, f"fichas.__doc__ block {index + 1}", "exec"), namespace)
    assert capsys.readouterr().out
