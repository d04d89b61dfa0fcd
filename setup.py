"""Packaging beyond pyproject.toml: the gallery of scenarios goes into the package.

The gallery is kept as ``scenarios/`` at the top of the repository, where a
teacher reading the source finds it; installed, it is the package data
``tutor/gallery``.
"""

from setuptools import find_namespace_packages, setup

GALLERY = "scenarios"

setup(
    packages=[*find_namespace_packages(include=["tutor*"]), "tutor.gallery",
              *(f"tutor.gallery.{name}" for name in find_namespace_packages(where=GALLERY))],
    package_dir={"tutor.gallery": GALLERY},
)
