"""Scenario files: YAML positions for rulings, lessons and tests."""

from .loader import Located, Scenario, ScenarioError, load_scenario, parse_scenario
from .schema import SCHEMA

__all__ = ["Located", "SCHEMA", "Scenario", "ScenarioError", "load_scenario", "parse_scenario"]
