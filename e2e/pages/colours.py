"""Colours as the browser computes them, and whether two of them can be told apart.

Glossary:
    rgb        -- the red, green and blue of a computed colour: ``rgb("rgb(255, 0, 0)")`` gives
                  ``(255.0, 0.0, 0.0)`` (an alpha, as in ``rgba(...)``, is left off).
    luminance  -- WCAG's relative luminance, 0 for black to 1 for white.
    contrast   -- WCAG's contrast ratio, 1 (the same colour) to 21 (black on white); text wants
                  4.5, large text and marks 3.
"""

from __future__ import annotations

import re


def rgb(text: str) -> tuple[float, ...]:
    """The red, green and blue of a CSS ``rgb()``/``rgba()`` colour."""
    return tuple(float(v) for v in re.findall(r"[\d.]+", text)[:3])


def luminance(colour: tuple[float, ...]) -> float:
    """WCAG's relative luminance of an (r, g, b) colour."""
    channels = [c / 255 for c in colour[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG's contrast ratio of two (r, g, b) colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
