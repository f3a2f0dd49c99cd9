"""The app's icons (`companion/webapp/icons.py`), read back pixel by pixel: a phone shows
the plain icon as a rounded tile and cuts its own shape out of the maskable one, which
must keep the picture inside the central 80 %. Size 125 puts the picture's edges on
whole pixels (the maskable picture's radius is then exactly 50 pixels)."""

from __future__ import annotations

import struct
import zlib

import pytest

from companion.webapp import icons

Pixel = tuple[int, int, int, int]
TEAL = (*icons.TEAL, 255)
WHITE = (*icons.WHITE, 255)
GOLD = (*icons.GOLD, 255)
CLEAR = (0, 0, 0, 0)


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The PNG's chunks, each checked against its CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        at += 12 + length
    return chunks


def _pixels(data: bytes) -> list[list[Pixel]]:
    """Rows of RGBA pixels; every row is unfiltered (filter byte 0)."""
    chunks = _chunks(data)
    assert [kind for kind, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
    width, height, depth, colour, method, filtering, interlace = struct.unpack(
        ">IIBBBBB", chunks[0][1])
    assert (depth, colour, method, filtering, interlace) == (8, 6, 0, 0, 0)  # 8-bit RGBA
    assert chunks[2][1] == b""
    raw = zlib.decompress(chunks[1][1])
    assert chunks[1][1] == zlib.compress(raw, 9)  # the smallest zlib makes
    stride = 1 + width * 4
    assert len(raw) == height * stride
    rows = []
    for y in range(height):
        row = raw[y * stride:(y + 1) * stride]
        assert row[0] == 0
        rows.append([tuple(row[1 + 4 * x:5 + 4 * x]) for x in range(width)])
    return rows  # type: ignore[return-value]


@pytest.mark.parametrize("size", [32, 180, 48])
def test_an_icon_is_a_square_of_its_size(size: int) -> None:
    rows = _pixels(icons.png(size))
    assert len(rows) == size and {len(row) for row in rows} == {size}
    assert struct.unpack(">II", icons.png(size, maskable=True)[16:24]) == (size, size)


def test_the_maskable_icon_keeps_its_picture_in_the_safe_zone() -> None:
    rows = _pixels(icons.png(125, maskable=True))
    centre = 62  # (125 - 1) / 2; the picture's radius is 125 / 2 * 0.8 = 50 pixels
    along = [rows[centre][centre + r] for r in range(63)]
    assert along[0] == along[11] == GOLD  # the centre, up to 0.22 of the radius
    assert along[12] == TEAL
    assert along[22] == TEAL and along[23] == along[31] == WHITE  # the ring: 0.46 to 0.62
    assert along[32] == along[62] == TEAL
    # Filled to the corners: the phone cuts its own shape.
    assert rows[0][0] == rows[0][124] == rows[124][0] == rows[124][124] == TEAL


def test_the_plain_icon_is_a_rounded_tile_on_a_clear_background() -> None:
    rows = _pixels(icons.png(125))
    centre = 62  # the picture's radius is 62.5 pixels
    along = [rows[centre][centre + r] for r in range(63)]
    assert along[0] == along[13] == GOLD and along[14] == TEAL
    assert along[28] == TEAL and along[29] == along[38] == WHITE and along[39] == TEAL
    # Corners rounded with a radius of 0.22 of the side (27.5 pixels): the top row is
    # clear up to where the straight edge begins, on each side, and so is each column.
    assert rows[0][27] == CLEAR and rows[0][28] == TEAL
    assert rows[0][96] == TEAL and rows[0][97] == CLEAR
    assert rows[27][0] == CLEAR and rows[28][0] == TEAL
    assert rows[96][124] == TEAL and rows[97][124] == CLEAR
    assert rows[0][0] == rows[124][124] == CLEAR
    assert rows[8][8] == CLEAR and rows[9][9] == TEAL  # along the diagonal
