"""Where phones on the same network can reach this machine, and a QR code of it for the terminal."""

from __future__ import annotations

import io
import socket

import qrcode


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none.

    Connecting a UDP socket sends nothing: it only asks the kernel which interface would route
    to an outside address, and that interface's address is the one phones can reach.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted, only routed
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def public_url(host: str, port: int, override: str | None) -> str:
    """The address to print and to put in QR codes: the override, else the LAN address."""
    if override:
        return override.rstrip("/")
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}"
    return f"http://{lan_address()}:{port}"


def terminal_qr(text: str) -> str:
    """A QR code drawn with block characters, scannable from a terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
