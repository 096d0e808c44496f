"""Short field constructors for the games' wire schemas (engine/<game>/wire.py).

Every field of a view, event or outcome is always present unless said otherwise, so
these are `required` by default; `nullable` is for the ones that may be null.
"""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate


def _opts(nullable: bool, description: str | None, enum: list[str] | None = None) -> dict[str, Any]:
    opts: dict[str, Any] = {"required": True, "allow_none": nullable}
    if description:
        opts["metadata"] = {"description": description}
    if enum:
        opts["validate"] = validate.OneOf(enum)
    return opts


def integer(description: str | None = None, nullable: bool = False) -> fields.Integer:
    return fields.Integer(**_opts(nullable, description))


def string(description: str | None = None, nullable: bool = False, enum: list[str] | None = None) -> fields.String:
    return fields.String(**_opts(nullable, description, enum))


def boolean(description: str | None = None) -> fields.Boolean:
    return fields.Boolean(**_opts(False, description))


def integers(description: str | None = None, nullable_items: bool = False) -> fields.List:
    return fields.List(fields.Integer(allow_none=nullable_items), **_opts(False, description))


def strings(description: str | None = None, enum: list[str] | None = None) -> fields.List:
    item = fields.String(validate=validate.OneOf(enum)) if enum else fields.String()
    return fields.List(item, **_opts(False, description))


def counts(description: str | None = None) -> fields.Dict:
    """An object of counts by name: {"coffee": 2, "tea": 0}."""
    return fields.Dict(keys=fields.String(), values=fields.Integer(), **_opts(False, description))


def nested(schema: Any, description: str | None = None, nullable: bool = False) -> fields.Nested:
    return fields.Nested(schema, **_opts(nullable, description))


def many(schema: Any, description: str | None = None) -> fields.List:
    return fields.List(fields.Nested(schema), **_opts(False, description))
