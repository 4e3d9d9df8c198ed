"""The hardened reader of data files: YAML syntax and validation problems become located
sentences in a :class:`~.errors.ContentError`, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError


def format_validation(prefix: str, err: ValidationError, raw: Any = None) -> list[str]:
    """One located sentence per problem; list positions are named by the entry's id."""
    out = []
    for e in err.errors():
        parts: list[str] = []
        node = raw
        for p in e["loc"]:
            if isinstance(p, int) and isinstance(node, list) and p < len(node):
                node = node[p]
                ident = node.get("id") if isinstance(node, dict) else None
                parts.append(f"[{p}]" + (f"(id={ident})" if ident else ""))
            else:
                node = node.get(p) if isinstance(node, dict) else None
                parts.append(f".{p}" if parts else str(p))
        out.append(f"{prefix}: {''.join(parts)}: {e['msg']}")
    return out


def load_yaml_text(text: str, source: str) -> Any:
    """Parse untrusted YAML text with the hardened loader (:mod:`mrp_tutor.core.loader`)."""
    from mrp_tutor.core.loader import parse_yaml

    return parse_yaml(text, source)


def read_yaml(path: Path) -> Any:
    """Read one YAML file with the hardened loader (:mod:`mrp_tutor.core.loader`): reading,
    encoding, syntax and limit problems become a located :class:`ContentError`."""
    from mrp_tutor.core.loader import load_yaml

    return load_yaml(path)


def merge_entries(base: list[Any], patch: list[Any], where: str, problems: list[str]) -> list[Any]:
    """Merge a list of id'd entries: patch entries replace fields of the matching id."""
    out = [dict(e) if isinstance(e, dict) else e for e in base]
    index = {e.get("id"): i for i, e in enumerate(out) if isinstance(e, dict)}
    for i, p in enumerate(patch):
        if not isinstance(p, dict) or "id" not in p:
            problems.append(f"{where}[{i}]: override entries need an 'id'")
            continue
        if not isinstance(p["id"], str):
            problems.append(f"{where}[{i}].id: ids are text, not {type(p['id']).__name__}")
            continue
        if p["id"] in index:
            out[index[p["id"]]] = {**out[index[p["id"]]], **p}
        else:
            problems.append(f"{where}: override names unknown id {p['id']!r}")
    return out
