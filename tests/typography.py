"""Texts compared by their words, not their typography: French holds some spaces with no-break ones
(engine.i18n.typeset), which a test about the words does not spell out."""

from __future__ import annotations


def plain(said):
    """A text with its no-break spaces as plain ones; in a list, tuple or dict, each text; any other
    value as it is."""
    if isinstance(said, str):
        return said.replace("\xa0", " ")
    if isinstance(said, tuple | list):
        return type(said)(plain(value) for value in said)
    if isinstance(said, dict):
        return {key: plain(value) for key, value in said.items()}
    return said
