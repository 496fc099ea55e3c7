"""The QR codes the pages show: every dark module drawn once, in few bytes (the page weight
counts them)."""

import re

import qrcode

from referee.web.common import qr_svg

URL = "https://table.example/t/ABCD2345"


def drawn_modules(svg: str) -> set[tuple[int, int]]:
    """The unit squares a path of one-module-wide horizontal strokes covers."""
    assert 'stroke-width="1"' in svg
    path = re.search(r'<path d="([^"]*)"', svg).group(1)
    cells, x, y = [], 0, 0
    for command, a, b in re.findall(r"([Mmh])(\d+)(?:[ ,](\d+(?:\.5)?))?", path):
        if command == "M":
            x, y = int(a), float(b) - 0.5
        elif command == "m":
            assert b == "0", "strokes stay on their row"
            x += int(a)
        else:
            cells += [(x + i, int(y)) for i in range(int(a))]
            x += int(a)
    assert len(cells) == len(set(cells)), "no module is drawn twice"
    return set(cells)


def test_the_svg_draws_exactly_the_dark_modules():
    code = qrcode.QRCode(border=2)
    code.add_data(URL)
    code.make(fit=True)
    matrix = code.get_matrix()
    dark = {(x, y) for y, row in enumerate(matrix) for x, on in enumerate(row) if on}
    svg = qr_svg(URL)
    assert drawn_modules(svg) == dark
    assert f'viewBox="0 0 {len(matrix)} {len(matrix)}"' in svg


def test_the_svg_is_small():
    # a square per module took about 7,000 bytes for this address
    assert len(qr_svg(URL)) < 2000
