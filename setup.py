"""Packaging beyond what pyproject.toml can say: the project keeps its ``templates/`` and
``static/`` folders at the top (where the templates' translations are extracted from and where
editors find them), and the wheel ships them inside the package as ``referee/templates`` and
``referee/static``, so an installed ``referee`` finds them beside its code (``referee.app``)."""

from setuptools import find_packages, setup

SHIPPED_FOLDERS = {"referee.templates": "templates", "referee.static": "static"}

setup(packages=find_packages(include=["referee*"]) + list(SHIPPED_FOLDERS), package_dir=SHIPPED_FOLDERS)
