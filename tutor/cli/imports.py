"""Work done on a module when it is imported: for a module that is costly to import and often not needed."""

from __future__ import annotations

import sys
from importlib.util import find_spec
from types import ModuleType
from typing import Any, Callable, Optional

_waiting: dict[str, list[Callable[[ModuleType], None]]] = {}


def when_imported(name: str, then: Callable[[ModuleType], None]) -> None:
    """``then(module)`` as soon as the module ``name`` is imported: now, if it is imported already."""
    if name in sys.modules:
        then(sys.modules[name])
        return
    if not _waiting:
        sys.meta_path.insert(0, _FINDER)
    _waiting.setdefault(name, []).append(then)


class _AfterImport:
    """A finder that lets the other finders find a module waited for and has its loader run the work waiting."""

    @staticmethod
    def find_spec(fullname: str, path: Any = None, target: Optional[ModuleType] = None) -> Any:
        if fullname not in _waiting:
            return None
        waiting = _waiting.pop(fullname)
        if not _waiting:
            sys.meta_path.remove(_FINDER)
        spec = find_spec(fullname)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module

            def run_then(module: ModuleType) -> None:
                run(module)
                for then in waiting:
                    then(module)

            spec.loader.exec_module = run_then  # type: ignore[method-assign]
        return spec


_FINDER = _AfterImport()
