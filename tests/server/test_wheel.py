"""The package as a deployer installs it: the wheel built from this project, installed into a
fresh virtual environment (not editable, nothing of the checkout on the path), serves a game
through its pages from ``referee serve``, with its database in the working directory's
``instance/`` (or ``REFEREE_DATA_DIR``), printed at start.

Before the wheel shipped ``templates/`` and ``static/`` inside the package, every page of such an
install answered 500 (``TemplateNotFound``) and the database went beside site-packages.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.live import PagePhone, free_port

PROJECT = Path(__file__).resolve().parents[2]
INSTALL_SECONDS = 600  # the dependencies come from the package index (or pip's cache)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed: its ``bin`` folder.

    The environment gets no pip of its own (``--without-pip``: ``ensurepip`` took seconds): this
    environment's pip installs into it (``--python``), the wheel and its dependencies from the
    package index as for a deployer."""
    where = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(where / "dist"), str(PROJECT)])
    wheel = next((where / "dist").glob("referee-*.whl"))
    run([sys.executable, "-m", "venv", "--without-pip", str(where / "venv")])
    python = where / "venv" / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(wheel)])
    return where / "venv" / "bin"


def run(args: list[str]) -> None:
    done = subprocess.run(
        args, capture_output=True, text=True, timeout=INSTALL_SECONDS, cwd="/", env=clean_environment()
    )
    assert done.returncode == 0, f"{args}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def clean_environment(**settings: str) -> dict[str, str]:
    """This environment without anything that would lead the installed app to this checkout or
    its database."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONPATH", "DATABASE_URL", "VIRTUAL_ENV") and not name.startswith("REFEREE_")
    }
    return {**kept, "PYTHONUNBUFFERED": "1", **settings}


class InstalledServer:
    """``referee serve`` from the installed wheel, in ``folder``."""

    def __init__(self, bin_folder: Path, folder: Path, **settings: str):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        folder.mkdir(parents=True, exist_ok=True)
        self.output = folder / "serve.log"
        with open(self.output, "w") as log:
            self.process = subprocess.Popen(
                [str(bin_folder / "referee"), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=folder,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=clean_environment(**settings),
            )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                PagePhone(self.base, timeout=2).get("/api/games")  # any answer: it is up
                return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the installed referee serve did not come up:\n{self.printed()}")

    def printed(self) -> str:
        return self.output.read_text()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def test_the_installed_package_is_not_this_checkout(installed):
    where = subprocess.run(
        [str(installed / "python"), "-c", "import referee; print(referee.__file__)"],
        capture_output=True,
        text=True,
        cwd="/",
        env=clean_environment(),
        check=True,
    ).stdout
    assert "site-packages" in where and str(PROJECT) not in where


def test_a_game_through_the_pages_of_the_installed_package(installed, tmp_path):
    server = InstalledServer(installed, tmp_path / "run")
    try:
        host = PagePhone(server.base)
        assert host.get("/")[0] == 200
        host.open_table("switch-16", ["Ann", "Ben"])
        assert "Ann starts" in host.look()
        assert host.enter({"type": "start_player", "seat": "0"})[0] == 200
        status, page = host.enter(
            {
                "type": "roll",
                "seat": "0",
                "dice#0": "1",
                "dice#1": "2",
                "dice#2": "4",
                "face": "blank",
                "switch_with": "",
            }
        )
        assert status == 200 and "Discard all 7, up to card 7" in page
        status, page = host.enter({"type": "discard", "seat": "0", "count": "7"})
        assert status == 200 and "Roll again (risk)" in page and host.seq == 3
        refused = host.enter({"type": "roll", "seat": "0", "dice#0": "1", "face": "blank"})
        assert refused[0] == 422 and "S16-R4" in refused[1]  # a refusal names its rule

        status, history = host.get(f"/t/{host.code}/history")
        assert status == 200 and "Ann" in history
        assert host.get("/static/app.js")[0] == 200 and host.get("/static/icons/icon.svg")[0] == 200
        assert "S16-R4" in host.get("/rules/switch-16")[1]  # the rule book
        host.opener.addheaders = [("Accept-Language", "de")]
        assert "Nochmal würfeln (Risiko)" in host.look()  # the translations
    finally:
        server.stop()
    database = tmp_path / "run" / "instance" / "referee.sqlite3"
    assert database.is_file()
    assert f"sqlite:///{database}" in server.printed()  # a user can find it


def test_the_data_folder_can_be_named(installed, tmp_path):
    data = tmp_path / "data"
    server = InstalledServer(installed, tmp_path / "run", REFEREE_DATA_DIR=str(data))
    try:
        PagePhone(server.base).open_table("switch-to", ["Ann", "Ben"])
    finally:
        server.stop()
    assert (data / "referee.sqlite3").is_file() and not (tmp_path / "run" / "instance").exists()
    assert str(data / "referee.sqlite3") in server.printed()
