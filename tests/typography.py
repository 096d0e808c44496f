"""Texts compared by their words, not their typography: French holds some spaces with no-break ones
(engine.i18n.typeset), which a test about the words does not spell out."""

from __future__ import annotations


def plain(said):
    """A text (or a tuple or list of texts) with its no-break spaces as plain ones; None as None."""
    if isinstance(said, tuple | list):
        return type(said)(plain(text) for text in said)
    return said if said is None else said.replace("\xa0", " ")
