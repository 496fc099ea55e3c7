"""What ``referee serve`` sets up before it serves: the settings its door's streams live by."""

from __future__ import annotations

import argparse

import pytest

from referee import cli, door


@pytest.fixture
def served(monkeypatch, tmp_path):
    """The app ``referee serve`` would serve, caught at the door."""
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    caught = {}
    monkeypatch.setattr(door, "serve", lambda app, **settings: caught.setdefault("app", app))
    monkeypatch.setattr(cli, "terminal_qr", lambda url: "")

    def serve(**env):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        cli.run_server(argparse.Namespace(host="127.0.0.1", port=8765, public_url=None, threads=4))
        return caught["app"]

    return serve


def test_streams_held_by_the_door_live_ten_minutes_unless_told(served, monkeypatch):
    monkeypatch.delenv("REFEREE_PUSH_LIFETIME", raising=False)
    assert served().config["PUSH_LIFETIME"] == door.STREAM_LIFETIME == 600


def test_a_stream_lifetime_asked_for_is_kept(served):
    assert served(REFEREE_PUSH_LIFETIME="45").config["PUSH_LIFETIME"] == 45
