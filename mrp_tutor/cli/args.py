"""What every command of ``mrp-tutor`` shares, whichever game adds it: the subparsers type a
game's ``commands`` hook receives, the user-mistake error and the number types of arguments.

A leaf: it imports nothing of the package, so the command line (:mod:`.main`), the serving
commands (:mod:`.serve`) and each game's own commands build on it without a circle.
"""

from __future__ import annotations

import argparse

from mrp_tutor.core.games import Subparsers

__all__ = ["CliError", "Subparsers", "positive_int", "whole_number"]


class CliError(Exception):
    """A user mistake on the command line: printed as a sentence, exit status 2."""


def whole_number(text: str) -> int:
    """``text`` as an int, or argparse's refusal that it is not a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1 (anything else is refused, not clamped)."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value
