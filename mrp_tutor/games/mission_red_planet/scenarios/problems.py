"""Located problem sentences of a scenario document (``field.path: what is wrong (rule
id)``), collected while a position is checked (:mod:`.position`, :mod:`.resolving`)."""

from __future__ import annotations


class Problems:
    """Collects located problem sentences: ``field.path: what is wrong (rule id)``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.items: list[str] = []

    def add(self, path: str, message: str, rule: str | None) -> None:
        where = ".".join(x for x in (self.prefix, path) if x) or "document"
        cite = f" (rule {rule})" if rule else ""
        self.items.append(f"{where}: {message}{cite}")
