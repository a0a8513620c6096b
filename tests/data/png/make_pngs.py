#!/usr/bin/env python3
"""Writes the small PNG files of tests/launch/tst_pngimage.cpp (run from this directory).

The pictures are tiny and their samples are chosen so that each test can name the exact
texel bytes it expects. Written with zlib by the PNG specification's chunk layout, so the
test data does not depend on the library under test (libpng decodes them in clstep)."""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(path, width, height, depth, color_type, rows, extra=b""):
    """rows: list of bytes objects, one per row, without the filter byte."""
    raw = b"".join(b"\x00" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)
    return data


# 4x2 gray, 8 bits: 0 10 20 30 / 40 50 60 255
png("gray8_4x2.png", 4, 2, 8, 0, [bytes([0, 10, 20, 30]), bytes([40, 50, 60, 255])])
# 2x2 RGBA, 8 bits
png("rgba8_2x2.png", 2, 2, 8, 6,
    [bytes([1, 2, 3, 4, 5, 6, 7, 8]), bytes([9, 10, 11, 12, 13, 14, 15, 16])])
# 2x1 RGB, 16 bits: (1000, 2000, 3000) (65535, 0, 257)
png("rgb16_2x1.png", 2, 1, 16, 2, [struct.pack(">6H", 1000, 2000, 3000, 65535, 0, 257)])
# 2x1 gray + alpha, 8 bits: (100, 200) (50, 0)
png("ga8_2x1.png", 2, 1, 8, 4, [bytes([100, 200, 50, 0])])
# 3x1 palette, 2 bits, with tRNS: colors (255,0,0) (0,255,0) (0,0,255); entry 1 alpha 128
plte = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255]))
trns = chunk(b"tRNS", bytes([255, 128]))
png("palette2_3x1.png", 3, 1, 2, 3, [bytes([0b00011000])], plte + trns)
# 2x4 gray: the 2 layers of a 2x2 image2d_array_t stacked top to bottom
png("layers_2x4.png", 2, 4, 8, 0, [bytes([1, 2]), bytes([3, 4]), bytes([5, 6]), bytes([7, 8])])
# Not a PNG, and a PNG cut short in its image data.
with open("not_a_png.png", "wb") as f:
    f.write(b"P5\n4 2\n255\n" + bytes(8))
whole = png("cut.png", 16, 16, 8, 0, [bytes(range(i, i + 16)) for i in range(16)])
with open("cut.png", "wb") as f:
    f.write(whole[:60])
