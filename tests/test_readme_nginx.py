"""The README quotes deploy/nginx.conf (the tested configuration), never a text of its own."""

from __future__ import annotations

import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def directives(text: str) -> set[str]:
    """Each directive of an nginx text, comments dropped and spaces made single."""
    lines = (re.sub(r"\s+", " ", line.split("#", 1)[0]).strip() for line in text.splitlines())
    return {line for line in lines if line.endswith(";")}


def test_every_nginx_line_the_readme_quotes_is_in_the_tested_configuration():
    readme = (PROJECT / "README.md").read_text()
    quoted = set().union(*(directives(block) for block in re.findall(r"```nginx\n(.*?)```", readme, flags=re.S)))
    assert quoted, "the README quotes deploy/nginx.conf"
    assert quoted <= directives((PROJECT / "deploy" / "nginx.conf").read_text()), quoted - directives(
        (PROJECT / "deploy" / "nginx.conf").read_text()
    )
