#!/usr/bin/env python3
"""Regenerate the picture corpus in Fixtures/images/.

The outputs are COMMITTED to the repository; this script only documents how
they were made and lets anyone regenerate them. Tests never run it.

Needs: Python 3.8+ and Pillow (tested with Pillow 13.0, libjpeg-turbo 2.1 /
"jpg" feature 6.2). Nothing else: no numpy, no network. 16-bit colour PNGs,
which Pillow cannot write, are written with the standard library (zlib, struct).

Source photograph: ../zombies/astronaut.png (Eileen Collins, NASA, public
domain; see ../zombies/README.md). Every good image here is the same 240x160
view of that photograph, so a correct decoder gives nearly the same picture
for all of them.

Usage:  python3 make-images.py      (writes into the folder holding this script)

It writes every image file, then expected.json, which holds for every good
image its width, height and mean luminance:
    Y = 0.2126 R + 0.7152 G + 0.0722 B   on 0..1 gamma-encoded sRGB values
    (no linearisation), averaged over all pixels, after compositing images
    that have alpha over WHITE (in encoded values: c' = a*c + (1-a)*1).

CMYK: Pillow (JpegImagePlugin) ALWAYS treats 4-component JPEG data as
Adobe-inverted (rawmode "CMYK;I"), whether or not an Adobe APP14 marker is
present. So for cmyk.jpg (plain, non-inverted values, no APP14) Pillow's own
decode is a colour negative; expected.json's meanLuminance for it is computed
the correct way (the values Pillow returns are un-inverted first) and Pillow's
naive value is kept as meanLuminancePillow. CMYK -> RGB is Pillow's naive
formula R = (1-C)(1-K), G = (1-M)(1-K), B = (1-Y)(1-K), no ICC profile.
"""

import json
import os
import random
import struct
import zlib

from PIL import Image, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "zombies", "astronaut.png")
W, H = 240, 160


def out(name):
    return os.path.join(HERE, name)


def pixels(im):
    """Pixel values in row-major order (Pillow 12.1+ renamed getdata)."""
    get = getattr(im, "get_flattened_data", None) or im.getdata
    return list(get())


# ---------------------------------------------------------------- base picture
def base_float_bands():
    """The 240x160 view as three float ('F' mode) bands on 0..255, with the
    fractional precision that a 1.5x Lanczos down-scale gives (so the 16-bit
    files carry real information in their low bytes)."""
    src = Image.open(SOURCE).convert("RGB")  # 400x400
    view = src.crop((40, 0, 400, 240))  # 360x240, face, flag and shuttle
    return [b.convert("F").resize((W, H), Image.LANCZOS) for b in view.split()]


def alpha_float():
    """Soft round vignette, 0..1: opaque centre, smooth fall-off, transparent
    corners."""
    cx, cy = (W - 1) / 2.0, (H - 1) / 2.0
    r0, r1 = 55.0, 110.0  # fully opaque inside r0, fully transparent past r1
    vals = []
    for y in range(H):
        for x in range(W):
            d = ((x - cx) ** 2 + ((y - cy) * 1.25) ** 2) ** 0.5
            t = min(1.0, max(0.0, (d - r0) / (r1 - r0)))
            vals.append(1.0 - t * t * (3 - 2 * t))  # smoothstep
    return vals


def clamp(v, hi):
    v = int(round(v))
    return 0 if v < 0 else hi if v > hi else v


# ------------------------------------------------------ minimal PNG writer
def png_chunk(tag, data):
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(ftype, row, prev, bpp):
    res = bytearray(len(row))
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        pred = (0, a, b, (a + b) // 2, paeth(a, b, c))[ftype]
        res[i] = (x - pred) & 0xFF
    return res


def write_png16(path, channels, colour_type):
    """channels: list of per-channel lists of 0..65535 ints, row-major.
    Each scanline gets the PNG filter (None, Sub, Up, Average, Paeth) with
    the smallest sum of absolute residuals, as libpng does, so all five
    filters occur and decoders' 6- and 8-byte-per-pixel paths are used."""
    n = len(channels)
    bpp = 2 * n
    raw = bytearray()
    prev = bytearray(W * bpp)
    for y in range(H):
        row = bytearray()
        for x in range(W):
            i = y * W + x
            for c in range(n):
                row += struct.pack(">H", channels[c][i])
        best = None
        for ftype in range(5):
            f = filter_row(ftype, row, prev, bpp)
            cost = sum(v if v < 128 else 256 - v for v in f)
            if best is None or cost < best[0]:
                best = (cost, ftype, f)
        raw.append(best[1])
        raw += best[2]
        prev = row
    ihdr = struct.pack(">IIBBBBB", W, H, 16, colour_type, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
                + png_chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                + png_chunk(b"IEND", b""))


# ------------------------------------------------------------ JPEG helpers
def strip_app14(data):
    """Remove every APP14 (0xFFEE, "Adobe") segment from a JPEG byte stream."""
    assert data[:2] == b"\xff\xd8"
    res, i = bytearray(data[:2]), 2
    while True:
        assert data[i] == 0xFF
        marker = data[i + 1]
        if marker == 0xDA:  # start of scan: the rest is entropy-coded data
            res += data[i:]
            return bytes(res)
        seglen = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker != 0xEE:
            res += data[i:i + 2 + seglen]
        i += 2 + seglen


def jpeg_markers(path):
    with open(path, "rb") as f:
        data = f.read()
    found, i = [], 2
    while i < len(data) and data[i + 1] != 0xDA:
        seglen = struct.unpack(">H", data[i + 2:i + 4])[0]
        found.append((data[i + 1], data[i + 4:i + 2 + seglen]))
        i += 2 + seglen
    return found


# ------------------------------------------------------ luminance of a file
def mean_luminance(path, undo_pillow_cmyk_inversion=False):
    im = Image.open(path)
    im.load()
    w, h = im.size
    if im.mode in ("I;16", "I;16B", "I"):
        vals = pixels(im)
        return w, h, sum(vals) / (65535.0 * len(vals)), im.mode
    mode = im.mode
    if im.mode == "CMYK":
        if undo_pillow_cmyk_inversion:
            im = Image.eval(im, lambda v: 255 - v)
        im = im.convert("RGB")
    if im.mode == "P":
        im = im.convert("RGBA" if "transparency" in im.info else "RGB")
    if im.mode in ("LA", "PA"):
        im = im.convert("RGBA")
    if im.mode == "L":
        vals = pixels(im)
        return w, h, sum(vals) / (255.0 * len(vals)), mode
    if im.mode == "RGB":
        im = im.convert("RGBA")
    assert im.mode == "RGBA", im.mode
    total = 0.0
    for r, g, b, a in pixels(im):
        y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0
        al = a / 255.0
        total += al * y + (1.0 - al)
    return w, h, total / (w * h), mode


def mean_luminance_png16(channels, colour_type):
    """Exact mean luminance of 16-bit data (before Pillow's 8-bit reduction)."""
    total = 0.0
    n = W * H
    for i in range(n):
        if colour_type in (0, 4):
            y = channels[0][i] / 65535.0
        else:
            y = (0.2126 * channels[0][i] + 0.7152 * channels[1][i]
                 + 0.0722 * channels[2][i]) / 65535.0
        if colour_type in (4, 6):
            a = channels[-1][i] / 65535.0
            y = a * y + (1.0 - a)
        total += y
    return total / n


# -------------------------------------------------------------------- main
def main():
    rf, gf, bf = base_float_bands()
    R, G, B = pixels(rf), pixels(gf), pixels(bf)
    A = alpha_float()
    Y = [0.299 * r + 0.587 * g + 0.114 * b for r, g, b in zip(R, G, B)]

    def band8(vals):
        im = Image.new("L", (W, H))
        im.putdata([clamp(v, 255) for v in vals])
        return im

    r8, g8, b8 = band8(R), band8(G), band8(B)
    a8 = band8([a * 255.0 for a in A])
    y8 = band8(Y)
    rgb = Image.merge("RGB", (r8, g8, b8))
    rgba = Image.merge("RGBA", (r8, g8, b8, a8))

    # --- JPEG
    rgb.save(out("rgb-baseline.jpg"), quality=90, optimize=False)
    rgb.save(out("rgb-progressive.jpg"), quality=90, progressive=True)
    y8.save(out("grey.jpg"), quality=90)

    # Realistic CMYK with grey-component replacement: K = min(C, M, Y).
    cmyk_vals = []
    for r, g, b in pixels(rgb):
        c, m, y = 255 - r, 255 - g, 255 - b
        k = min(c, m, y)
        if k == 255:
            cmyk_vals.append((0, 0, 0, 255))
        else:
            s = 255.0 / (255 - k)
            cmyk_vals.append((clamp((c - k) * s, 255), clamp((m - k) * s, 255),
                              clamp((y - k) * s, 255), k))
    cmyk = Image.new("CMYK", (W, H))
    cmyk.putdata(cmyk_vals)
    # Pillow stores CMYK inverted (rawmode "CMYK;I") and libjpeg adds an
    # Adobe APP14 marker (transform 0) for every CMYK image: Photoshop style.
    cmyk.save(out("cmyk-adobe-inverted.jpg"), quality=90)
    # Plain CMYK: hand Pillow the negative, so that its inversion stores the
    # true ink values, then drop the APP14 marker.
    tmp = out("cmyk.tmp.jpg")
    Image.eval(cmyk, lambda v: 255 - v).save(tmp, quality=90)
    with open(tmp, "rb") as f:
        data = f.read()
    os.remove(tmp)
    with open(out("cmyk.jpg"), "wb") as f:
        f.write(strip_app14(data))
    assert any(m == 0xEE for m, _ in jpeg_markers(out("cmyk-adobe-inverted.jpg")))
    assert not any(m == 0xEE for m, _ in jpeg_markers(out("cmyk.jpg")))

    # --- PNG, 8 bit
    rgb.save(out("rgb8.png"), optimize=True)
    rgba.save(out("rgba8.png"), optimize=True)
    rgb.quantize(colors=256, method=Image.MEDIANCUT).save(
        out("palette.png"), optimize=True)
    # Palette with real multi-level alpha: quantise the RGBA picture (fast
    # octree keeps alpha); Pillow writes the alphas as a tRNS chunk.
    rgba.quantize(colors=256, method=Image.FASTOCTREE).save(
        out("palette-trns.png"), optimize=True)
    y8.save(out("grey8.png"), optimize=True)
    Image.merge("LA", (y8, a8)).save(out("grey-alpha.png"), optimize=True)

    # --- PNG, 16 bit (8-bit value v maps to v * 257)
    R16 = [clamp(v * 257.0, 65535) for v in R]
    G16 = [clamp(v * 257.0, 65535) for v in G]
    B16 = [clamp(v * 257.0, 65535) for v in B]
    A16 = [clamp(a * 65535.0, 65535) for a in A]
    Y16 = [clamp(v * 257.0, 65535) for v in Y]
    write_png16(out("rgb16.png"), [R16, G16, B16], 2)
    write_png16(out("rgba16.png"), [R16, G16, B16, A16], 6)
    write_png16(out("grey16.png"), [Y16], 0)
    exact16 = {
        "rgb16.png": mean_luminance_png16([R16, G16, B16], 2),
        "rgba16.png": mean_luminance_png16([R16, G16, B16, A16], 6),
        "grey16.png": mean_luminance_png16([Y16], 0),
    }

    # --- bad input
    with open(out("rgb-baseline.jpg"), "rb") as f:
        data = f.read()
    with open(out("truncated.jpg"), "wb") as f:
        f.write(data[:len(data) // 2])

    rnd = random.Random(20240601)
    garbage = bytes(rnd.getrandbits(8) for _ in range(2048))
    ihdr = struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)
    with open(out("corrupt.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + garbage)

    with open(out("not-an-image.jpg"), "w") as f:
        f.write("This is not a JPEG. It is a plain text file that happens to\n"
                "have a .jpg name, so that the typesetter can prove it reports\n"
                "a clear error instead of crashing or drawing garbage.\n")

    # IHDR claims 60000 x 60000 8-bit RGB (about 10.8 GB decoded); the IDAT
    # holds just one compressed all-zero scanline, so the file is tiny.
    big = 60000
    ihdr = struct.pack(">IIBBBBB", big, big, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * (1 + 3 * big), 9)
    with open(out("huge-header.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
                + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b""))

    # --- expected.json
    good = ["rgb-baseline.jpg", "rgb-progressive.jpg", "grey.jpg", "cmyk.jpg",
            "cmyk-adobe-inverted.jpg", "rgb8.png", "rgba8.png", "rgb16.png",
            "rgba16.png", "palette.png", "palette-trns.png", "grey8.png",
            "grey16.png", "grey-alpha.png"]
    expected = {}
    for name in good:
        plain_cmyk = name == "cmyk.jpg"
        w, h, lum, mode = mean_luminance(out(name), plain_cmyk)
        entry = {"width": w, "height": h, "meanLuminance": round(lum, 4),
                 "pillowMode": mode}
        if plain_cmyk:
            entry["meanLuminancePillow"] = round(
                mean_luminance(out(name), False)[2], 4)
        if name in exact16:
            entry["meanLuminance16"] = round(exact16[name], 4)
        expected[name] = entry
    with open(out("expected.json"), "w") as f:
        json.dump(expected, f, indent=2)
        f.write("\n")
    for name, e in expected.items():
        print("%-26s %s" % (name, e))


if __name__ == "__main__":
    main()
