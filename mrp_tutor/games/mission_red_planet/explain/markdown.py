"""The small markdown the lessons use, rendered to safe HTML (everything is escaped first).

Paragraphs (blank lines), ``- `` / ``* `` bullet lists, ``**bold**``, ``*italic*`` /
``_italic_`` and ```code``` -- nothing else, so no lesson file can inject markup.

>>> md_html("Keep **one** of the `two` missions.")
'<p>Keep <strong>one</strong> of the <code>two</code> missions.</p>'
>>> md_html("- a\\n- b")
'<ul><li>a</li><li>b</li></ul>'
>>> md_html("<script>x</script>")
'<p>&lt;script&gt;x&lt;/script&gt;</p>'
"""

from __future__ import annotations

import re
from html import escape

_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])[*_](?=\S)([^*_\n]+?)(?<=\S)[*_](?![\w*])")
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")


def md_inline(text: str) -> str:
    """One line or paragraph: escape, then code, bold and italic spans."""
    out = escape(text, quote=False)
    codes: list[str] = []

    def keep(m: re.Match[str]) -> str:  # code spans are not formatted further
        codes.append(m.group(1))
        return f"\x00{len(codes) - 1}\x00"

    out = _CODE.sub(keep, out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC.sub(r"<em>\1</em>", out)
    return re.sub(r"\x00(\d+)\x00", lambda m: f"<code>{codes[int(m.group(1))]}</code>", out)


def md_html(text: str) -> str:
    """A lesson's markdown as HTML paragraphs and lists."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln for ln in block.splitlines() if ln.strip()]
        if not lines:
            continue
        if all(_BULLET.match(ln) or ln.startswith("  ") for ln in lines) and _BULLET.match(
                lines[0]):
            items: list[str] = []
            for ln in lines:
                m = _BULLET.match(ln)
                if m:
                    items.append(m.group(1).strip())
                else:  # a continuation line of the item above
                    items[-1] += " " + ln.strip()
            blocks.append("<ul>" + "".join(f"<li>{md_inline(i)}</li>" for i in items) + "</ul>")
        else:
            blocks.append(f"<p>{md_inline(' '.join(ln.strip() for ln in lines))}</p>")
    return "".join(blocks)


def md_plain(text: str) -> str:
    """The same text without markdown marks (for plain-text outputs)."""
    out = _CODE.sub(r"\1", text)
    out = _BOLD.sub(r"\1", out)
    return _ITALIC.sub(r"\1", out)
