"""skipbo-tutor: a rules tutor and move validator for Skip-Bo."""

__version__ = "0.1.0"
