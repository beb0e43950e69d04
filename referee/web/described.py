"""What each API route says of itself, for the OpenAPI document (referee.web.openapi).

A route is described where it is declared: its summary, the body it reads and the answers
it gives, each status with its model, so the document's paths come from the routes (their
methods and paths from Flask's own rules) and cannot describe a route that is not there.
A body or an answer is named once for every game: a function that picks it from a game's
bodies (`referee.documents.requests.Bodies`) or answers (`referee.documents.answers`).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from referee.documents.answers import Answers
from referee.documents.requests import Bodies

View = TypeVar("View", bound=Callable[..., Any])


@dataclass(frozen=True)
class Answer:
    """One answer of a route: `model` picks its model from a game's answers (None: any
    JSON object); `many`: a list of them."""

    description: str
    model: Callable[[Answers], type[BaseModel]] | None = None
    many: bool = False


@dataclass(frozen=True)
class Operation:
    """A route as the OpenAPI document describes it. `errors` are the 4xx and 5xx statuses
    it may answer (each one of the document's shared responses); `anyone`: no token needed;
    `parameters`: those of its query string and headers, as OpenAPI writes them (those of
    its path come from its rule)."""

    summary: str
    answers: dict[int, Answer]
    errors: tuple[int, ...] = ()
    body: Callable[[Bodies], type[BaseModel]] | None = None
    example: Any = None
    anyone: bool = False
    parameters: tuple[dict[str, Any], ...] = field(default=())


OPERATIONS: dict[Callable[..., Any], Operation] = {}


def described(summary: str, answers: dict[int, Answer], **more: Any) -> Callable[[View], View]:
    """Record what the route below says of itself (an `Operation`); the route itself is
    left as it is."""

    def record(view: View) -> View:
        OPERATIONS[view] = Operation(summary, answers, **more)
        return view

    return record
