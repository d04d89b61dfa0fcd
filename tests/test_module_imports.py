"""The modules of the tutor form layers: no two import each other, at the top or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> set[str]:
    """The names ``path`` imports anywhere in it, each both as a module and as ``module.name``."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def mutual_imports() -> set[tuple[str, str]]:
    """Each pair of modules that import one another."""
    imports = {_module_name(path): _imported(path) for path in PACKAGE.rglob("*.py")}
    return {(one, other) for one, names in imports.items() for other in names
            if other in imports and one < other and one in imports[other]}


def test_no_two_modules_of_the_tutor_import_each_other():
    assert mutual_imports() == set()


def test_a_pair_that_imports_each_other_is_found(tmp_path, monkeypatch):
    package = tmp_path / "tutor"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.py").write_text("def f():\n    from .two import g\n")
    (package / "two.py").write_text("from . import one\n")
    monkeypatch.setitem(globals(), "PACKAGE", package)
    assert mutual_imports() == {("tutor.one", "tutor.two")}

