"""The tests run against the installed package (the built wheel), not the source tree."""

import pathlib
import sysconfig

import fichas

SOURCE = pathlib.Path(__file__).resolve().parents[1] / "python"


def test_fichas_is_the_installed_package() -> None:
    where = pathlib.Path(fichas.__file__).resolve()
    installed = {pathlib.Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
    assert any(where.is_relative_to(p) for p in installed), (
        f"fichas was imported from {where}, not from the environment's {sorted(map(str, installed))}"
    )
    assert not where.is_relative_to(SOURCE), f"fichas was imported from the source tree: {where}"
    # The compiled module sits beside the Python code, as the wheel installed it (abi3).
    compiled = pathlib.Path(fichas._fichas.__file__).resolve()
    assert compiled.parent == where.parent and ".abi3." in compiled.name, compiled
