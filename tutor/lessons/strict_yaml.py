"""YAML for the lesson files, read safely and refusing a key written twice in one mapping.

Plain ``yaml.safe_load`` keeps the last of two equal keys without a word,
so a lost line can silently merge two steps into one.
"""

from __future__ import annotations

from typing import Any

import yaml


class _UniqueKeyLoader(yaml.SafeLoader):
    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
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


def load_unique(text: str) -> Any:
    """``text`` as YAML data; ``yaml.YAMLError`` if it is not YAML or repeats a key."""
    return yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: plain data only
