"""Eleusis and Eleusis Express (docs/eleusis-rules.md)."""
