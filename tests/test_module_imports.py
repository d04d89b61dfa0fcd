"""No two modules of the course, the classroom and the scenario packages import each other, not even from inside
a function."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The tutor's modules that ``path`` imports (a name imported from a package counts when it is a module)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            module = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {module for module in found if module.startswith("tutor")}


CHECKED = ("lessons", "classroom", "scenario")


def test_no_two_modules_import_each_other():
    graph = {_module_name(path): _imports(path) for folder in CHECKED for path in (PACKAGE / folder).rglob("*.py")}
    pairs = sorted({tuple(sorted((a, b))) for a, imported in graph.items() for b in imported
                    if b in graph and b != a and a in graph[b] and not a.startswith(b + ".") and not b.startswith(a + ".")})
    assert pairs == []
