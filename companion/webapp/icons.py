"""The app's icons, drawn here as PNG files: the repository has no image files of its own.

Pure Python (zlib for the PNG), so building the site needs no imaging library. The
picture is simple on purpose: a teal tile (the app's seed colour) with a white ring and
a gold centre, a "wonderful world" readable at 48 pixels on a phone's home screen.
"""

from __future__ import annotations

import struct
import zlib

TEAL = (0x00, 0x69, 0x5C)
WHITE = (0xFF, 0xFF, 0xFF)
GOLD = (0xF2, 0xB1, 0x34)


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png(size: int, *, maskable: bool = False) -> bytes:
    """A square icon of `size` pixels. A maskable icon fills the whole square (the phone
    cuts its own shape) and keeps the picture inside the central 80 % safe zone; the
    other one is a rounded tile on a transparent background."""
    centre = (size - 1) / 2
    scale = size / 2 * (0.8 if maskable else 1.0)
    corner = 0.0 if maskable else size * 0.22
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type 0 for the row
        for x in range(size):
            colour: tuple[int, int, int] | None = TEAL
            if corner:
                dx = max(corner - x, x - (size - 1 - corner), 0.0)
                dy = max(corner - y, y - (size - 1 - corner), 0.0)
                if dx * dx + dy * dy > corner * corner:
                    colour = None
            distance = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 / scale
            if colour is not None:
                if distance <= 0.22:
                    colour = GOLD
                elif 0.46 <= distance <= 0.62:
                    colour = WHITE
            row += bytes((*colour, 255)) if colour is not None else bytes(4)
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b""))
