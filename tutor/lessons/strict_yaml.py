"""YAML for the lesson files, read safely and refusing a key written twice in one mapping.

Plain ``yaml.safe_load`` keeps the last of two equal keys without a word,
so a lost line can silently merge two steps into one. A value its tag
cannot build (``!!int abc``, ``!!bool maybe``) is a YAML error at its place,
like any other, never a bare ``ValueError``.
"""

from __future__ import annotations

from typing import Any

import yaml


class _UniqueKeyLoader(yaml.SafeLoader):
    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, OverflowError) as error:
            raise yaml.constructor.ConstructorError(
                None, None, f"{node.tag.replace('tag:yaml.org,2002:', '!!')} cannot read this value ({error})",
                node.start_mark) from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, yaml.MappingNode):  # a !!map tag on a single value or a list
            return super().construct_mapping(node, deep)  # raises the safe loader's own error, placed
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                repeated = key in seen
            except TypeError:  # an unhashable key: the safe loader reports it below
                continue
            if repeated:
                raise yaml.constructor.ConstructorError(
                    "in a mapping", node.start_mark, f"the key {key!r} appears twice", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


for _collection in ("set", "omap", "pairs"):  # never meant in a lesson; their keys could be unhashable
    _UniqueKeyLoader.add_constructor(f"tag:yaml.org,2002:{_collection}", _UniqueKeyLoader.construct_undefined)


def load_unique(text: str) -> Any:
    """``text`` as YAML data; ``yaml.YAMLError`` if it is not YAML or repeats a key."""
    return yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: plain data only
