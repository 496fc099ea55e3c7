"""The waitress internals ``referee/door.py`` stands on, each named: a waitress release that
renames, removes or changes one fails here by that name, before a phone's stream breaks.

The door subclasses waitress's channel, task and server, takes connections out of the loop's map
(``del_channel``, ``_fileno``), sends under ``outbuf_lock``, swaps a listening server's class
and runs the loop itself to stop gracefully. Waitress keeps none of that as public API, so
pyproject.toml pins waitress to the minor version tested here (3.0); moving to another is this
file passing on it first.
"""

from __future__ import annotations

import inspect
import re
import socket
import time
from importlib.metadata import version
from pathlib import Path

import pytest
from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import WSGITask

from referee import door

TESTED_MINOR = "3.0"
PROJECT = Path(__file__).resolve().parents[2]


def test_waitress_is_the_minor_version_the_door_was_tested_with():
    assert version("waitress").startswith(TESTED_MINOR + "."), version("waitress")
    pin = re.search(r'"waitress([^"]*)"', (PROJECT / "pyproject.toml").read_text()).group(1)
    assert f"<{TESTED_MINOR[:-1]}{int(TESTED_MINOR[-1]) + 1}" in pin, pin  # e.g. <3.1


# What the door overrides or calls, with the parameters it passes.
METHODS = {
    "WSGITask.get_environment": (WSGITask, "get_environment", ["self"]),
    "WSGITask.service": (WSGITask, "service", ["self"]),
    "WSGITask.finish": (WSGITask, "finish", ["self"]),
    "WSGITask.build_response_header": (WSGITask, "build_response_header", ["self"]),
    "WSGITask.set_close_on_finish": (WSGITask, "set_close_on_finish", ["self"]),
    "HTTPChannel.__init__": (HTTPChannel, "__init__", ["self", "server", "sock", "addr", "adj", "map"]),
    "HTTPChannel.readable": (HTTPChannel, "readable", ["self"]),
    "HTTPChannel.writable": (HTTPChannel, "writable", ["self"]),
    "HTTPChannel.handle_write": (HTTPChannel, "handle_write", ["self"]),
    "HTTPChannel.handle_close": (HTTPChannel, "handle_close", ["self"]),
    "HTTPChannel.received": (HTTPChannel, "received", ["self", "data"]),
    "HTTPChannel.del_channel": (HTTPChannel, "del_channel", ["self", "map"]),
    "HTTPChannel.add_channel": (HTTPChannel, "add_channel", ["self", "map"]),
    "TcpWSGIServer.maintenance": (TcpWSGIServer, "maintenance", ["self", "now"]),
    "TcpWSGIServer.print_listen": (TcpWSGIServer, "print_listen", ["self", "format_str"]),
    "wasyncore.loop": (wasyncore, "loop", ["timeout", "use_poll", "map", "count"]),
    "wasyncore.close_all": (wasyncore, "close_all", ["map", "ignore_all"]),
}


@pytest.mark.parametrize("name", METHODS)
def test_waitress_still_has(name):
    owner, attribute, parameters = METHODS[name]
    assert callable(getattr(owner, attribute, None)), f"waitress no longer has {name}"
    assert list(inspect.signature(getattr(owner, attribute)).parameters) == parameters, name


def test_waitress_still_has_the_class_attributes_the_door_sets_or_reads():
    assert HTTPChannel.task_class is not None and TcpWSGIServer.channel_class is HTTPChannel
    for name in ("status", "wrote_header", "close_on_finish", "chunked_response"):
        assert hasattr(WSGITask, name), f"WSGITask.{name}"
    assert isinstance(inspect.getattr_static(WSGITask, "has_body"), property), "WSGITask.has_body"
    assert hasattr(MultiSocketServer, "__init__") and "map" in inspect.signature(MultiSocketServer).parameters


class App:
    config = {"PUSH_STREAMS": 8}

    def __call__(self, environ, start_response):
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]


@pytest.fixture
def live_channel():
    """A server as the door makes it, and one connection to it, accepted by the loop."""
    server = door.guarded_server(App(), host="127.0.0.1", port=0, threads=1)
    loop_map = door.server_map(server)
    phone = socket.create_connection(door.listeners_of(server)[0].socket.getsockname()[:2])
    deadline = time.monotonic() + 10
    while not [c for c in loop_map.values() if isinstance(c, HTTPChannel)] and time.monotonic() < deadline:
        wasyncore.loop(timeout=0.05, map=loop_map, use_poll=True, count=1)
    channel = next(c for c in loop_map.values() if isinstance(c, HTTPChannel))
    yield server, channel
    phone.close()
    server.task_dispatcher.shutdown(timeout=1)
    wasyncore.close_all(loop_map)


def test_the_door_makes_its_own_classes_of_waitress_objects(live_channel):
    server, channel = live_channel
    assert isinstance(server, door.GuardedServer) and isinstance(server, TcpWSGIServer)
    assert isinstance(channel, door.GuardedChannel)
    for name in ("adj", "task_dispatcher", "trigger", "active_channels", "accepting", "socket", "_map"):
        assert hasattr(server, name), f"TcpWSGIServer().{name}"
    assert callable(server.trigger.pull_trigger) and server.adj.asyncore_use_poll is True
    assert callable(server.task_dispatcher.shutdown)


def test_a_channel_still_has_what_the_door_reads_and_sets(live_channel):
    _server, channel = live_channel
    with channel.outbuf_lock:  # a lock (a Condition): the door's hand-over holds it as close does
        pass
    assert channel.connected is True and channel.requests == [] and channel.request is None
    assert channel.total_outbufs_len == 0 and channel.will_close is False and channel.close_when_flushed is False
    assert isinstance(channel.last_activity, float) and channel.addr[0] == "127.0.0.1"
    assert channel._fileno == channel.socket.fileno()


def test_del_channel_takes_a_connection_out_of_the_loop_and_add_channel_brings_it_back(live_channel):
    server, channel = live_channel
    fileno = channel._fileno
    channel.del_channel()
    assert fileno not in server._map and fileno not in server.active_channels and channel._fileno is None
    channel._fileno = channel.socket.fileno()  # as door.GuardedChannel._rejoin does
    channel.add_channel()
    assert server._map[fileno] is channel and server.active_channels[fileno] is channel


def test_a_task_still_has_what_the_door_reads_and_sets(live_channel):
    _server, channel = live_channel
    request = HTTPRequestParser(channel.adj)
    request.received(b"GET /t/X/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    task = door.KeepAliveTask(channel, request)
    assert task.channel is channel and task.request.command == "GET" and task.version == "1.1"
    assert task.request.headers.get("CONNECTION") == "close"
    assert task.status.startswith("200") and task.wrote_header is False and task.close_on_finish is False
    assert task.chunked_response is False and task.has_body is True
