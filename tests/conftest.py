"""Shared test settings: English unless a test asks for a language; under CI, property tests use fixed examples
and never fail for being slow."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test runs in English unless it asks for a language: the tester's locale never leaks in."""
    from tutor.i18n import use

    monkeypatch.setenv("SKIPBO_TUTOR_LANG", "en")
    use("en")
    yield
    use("en")
