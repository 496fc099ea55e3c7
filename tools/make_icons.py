"""Render static/icons/icon.svg to the PNG icons the web app manifest lists (192 and 512 px).

Uses Debian's headless Chromium (the browser the tests use), nothing downloaded:
    .venv/bin/python tools/make_icons.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
SIZES = (192, 512)


def render(size: int) -> None:
    svg = (ICONS / "icon.svg").read_text()
    page = f"""<!doctype html><html><head><style>html,body{{margin:0;padding:0;overflow:hidden}}
svg{{display:block;width:{size}px;height:{size}px}}</style></head><body>{svg}</body></html>"""
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "icon.html"
        html.write_text(page)
        target = ICONS / f"icon-{size}.png"
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={tmp}/profile",
                f"--window-size={size},{size}",
                "--default-background-color=00000000",
                f"--screenshot={target}",
                html.as_uri(),
            ],
            check=True,
            capture_output=True,
        )
    print(f"wrote {target}")


if __name__ == "__main__":
    for size in SIZES:
        render(size)
    sys.exit(0)
