"""What htmx says about the request in hand, typed.

htmx-flask puts a `request.htmx` on every request but ships no types, so the pages read it
through `htmx()`, which mypy can check."""

from typing import Protocol, cast

from flask import request


class HtmxDetails(Protocol):
    """The parts of htmx-flask's request details the pages use."""

    target: str | None
    history_restore_request: bool

    def __bool__(self) -> bool: ...


def htmx() -> HtmxDetails:
    """htmx's headers of this request (false when a plain browser sent it)."""
    return cast(HtmxDetails, getattr(request, "htmx"))  # noqa: B009 (the attribute is untyped)
