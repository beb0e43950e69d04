"""The `referee` console command: settle a hand from the terminal, as JSON in and out."""

import sys

import click

from referee import exact_json
from referee.rules import Refusal
from referee.scoring import settle_request

MAX_REQUEST_BYTES = 64 * 1024

SETTLE_HELP = """Settle one hand: read a request as JSON, print who pays whom.

The request comes from FILE, or from standard input when FILE is - or left
out. It has the players in seating order, how the hand ended, and optionally a
preset (classic, street, black-company, seattle; default classic) and house
rules that override it:

\b
  echo '{"players": ["Anna", "Ben", "Carla"],
         "outcome": {"kind": "drop", "player": "Anna",
                     "totals": {"Anna": 6, "Ben": 4, "Carla": 11}}}' \\
    | referee settle

\b
Outcome kinds and their fields:
  deal_tonk      totals: {name: dealt total} of each player showing a tonk
  tonk_out       player; spread_six (true/false) when the rules need it
  double_double  player (who went out second)
  out            player
  drop           player; totals of every player
  stock_out      totals of every player; last_draw when the rules need it

\b
With "rules": {"scoring": "points"} every kind also needs the totals of
every player still holding cards.

The answer is the settlement as JSON (result, winners, payments, net,
points). A request the house rules refuse, or that is not valid, prints
{"error": "..."} and exits with status 2.
"""


@click.group()
def main() -> None:
    """Tonk Referee: house rules, hand settlement and the night's tally."""


@main.command(help=SETTLE_HELP)
@click.argument("file", default="-", metavar="[FILE]")
def settle(file: str) -> None:
    try:
        text = _read(file)
        settlement = settle_request(exact_json.loads(text))
    except (exact_json.BadJson, Refusal, OSError) as error:
        click.echo(exact_json.dumps({"error": str(error)}))
        sys.exit(2)
    click.echo(exact_json.dumps(settlement.to_json(), indent=2))


def _read(file: str) -> bytes:
    """The request's bytes, refused when larger than any real hand could need."""
    if file == "-":
        data = sys.stdin.buffer.read(MAX_REQUEST_BYTES + 1)
    else:
        try:
            with open(file, "rb") as handle:
                data = handle.read(MAX_REQUEST_BYTES + 1)
        except OSError as error:
            raise OSError(f"cannot read {file}: {error.strerror}") from None
    if len(data) > MAX_REQUEST_BYTES:
        raise exact_json.BadJson(f"the request is larger than {MAX_REQUEST_BYTES} bytes")
    return data
