"""Write the app's icon: ``mrp_tutor/serve/icons/favicon.svg`` and ``favicon.ico`` (16, 32, 48 px).

A red planet with a darker band and two craters, drawn here so the files can be made again
(``python scripts/make_favicon.py``; needs Pillow, a dev tool only: the server just reads
the files).  Both are served by ``mrp-tutor app`` (``mrp_tutor/serve/static.py``).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "mrp_tutor" / "serve" / "icons"
PLANET, BAND, CRATER, EDGE = "#c1440e", "#8f2f08", "#e27b58", "#5a1d05"

SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<title>Mission: Red Planet tutor</title>
<clipPath id="p"><circle cx="32" cy="32" r="29"/></clipPath>
<circle cx="32" cy="32" r="29" fill="{PLANET}" stroke="{EDGE}" stroke-width="3"/>
<g clip-path="url(#p)"><path d="M0 36 Q32 28 64 38 L64 46 Q32 36 0 44 Z" fill="{BAND}"/></g>
<circle cx="22" cy="20" r="6" fill="{CRATER}"/><circle cx="42" cy="50" r="4" fill="{CRATER}"/>
</svg>
"""


def draw(size: int) -> Image.Image:
    """The icon at ``size`` px, drawn at 8x and scaled down (smooth edges)."""
    big = size * 8
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    s = big / 64
    d.ellipse([3 * s, 3 * s, 61 * s, 61 * s], fill=PLANET, outline=EDGE, width=int(3 * s))
    band = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(band).polygon([(0, 36 * s), (32 * s, 31 * s), (big, 38 * s), (big, 46 * s),
                                  (32 * s, 39 * s), (0, 44 * s)], fill=BAND)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).ellipse([5 * s, 5 * s, 59 * s, 59 * s], fill=255)
    img.paste(band, (0, 0), Image.composite(band, Image.new("RGBA", (big, big)), mask))
    d.ellipse([16 * s, 14 * s, 28 * s, 26 * s], fill=CRATER)
    d.ellipse([38 * s, 46 * s, 46 * s, 54 * s], fill=CRATER)
    return img.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    (OUT / "favicon.svg").write_text(SVG, encoding="utf-8")
    draw(48).save(OUT / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])


if __name__ == "__main__":
    main()
