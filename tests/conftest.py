"""Shared test settings: under CI, property tests use fixed examples and never fail for being slow."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
if os.environ.get("CI"):
    settings.load_profile("ci")
