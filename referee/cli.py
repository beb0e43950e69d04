"""The `referee` console command: settle a hand from the terminal, as JSON in and out."""

import sqlite3
import sys
from typing import BinaryIO

import click

from referee import exact_json
from referee.games.request import settle_request
from referee.rules import Refusal

MAX_REQUEST_BYTES = 64 * 1024

SETTLE_HELP = """Settle one hand: read a request as JSON, print who pays whom.

The request comes from FILE, or from standard input when FILE is - or left
out. It has the players in seating order, how the hand ended, and optionally
the game ("game": "tonk", the default, or "tongits"), a preset (for Tonk:
classic, street, black-company, seattle; default classic) and house rules
that override it:

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

\b
Tongits ("game": "tongits"; presets tongits, three-hits, 1-3-5, joker) also takes
"state": {"pot", "streak", "dealer"}, what earlier games left, and answers
with the state after the game and "pot_won". Its outcome kinds:
  tongits        player
  bisaklat       player
  draw           caller; fought (list); totals of the caller and the fighters
                 when anyone fought; sapaw_on_caller (true/false)
  stock_out      totals of every player not burned; last_card on a tie
and, for every kind, burned, concealed (lists) and bonuses
({name: {"secret": n, "escalera": n, "aces": n}}).

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


def _database_url() -> str:
    """The database the app would use here: DATABASE_URL, or SQLite in instance/."""
    from referee import create_app
    from referee.store.storage import database_url

    return database_url(create_app())


@main.group()
def db() -> None:
    """The database's schema."""


@db.command("upgrade")
def db_upgrade() -> None:
    """Create the schema, or migrate it to this version of the app (run once, not per worker)."""
    from referee.store.migrate import upgrade

    upgrade(_database_url())
    click.echo("The database is up to date.")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--workers",
    default=4,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Requests served at once (threads; waiting clients take none).",
)
@click.option(
    "--instance",
    type=click.Path(file_okay=False),
    help="The instance folder: its SQLite database, secret key and config.py "
    "[default: instance/ beside the code].",
)
def serve(host: str, port: int, workers: int, instance: str | None) -> None:
    """Migrate the database once, then serve the app (waitress) with WORKERS threads."""
    import os

    from referee import INSTANCE_ENV, create_app
    from referee.store.migrate import upgrade
    from referee.store.storage import database_url
    from referee.web.serving import serve as serve_app

    if instance:
        os.environ[INSTANCE_ENV] = os.path.abspath(instance)
    app = create_app()
    upgrade(database_url(app))
    serve_app(app, host, port, workers)


@main.command()
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
def backup(path: str) -> None:
    """Write a consistent copy of the live SQLite database to PATH, even while hands are
    being entered (SQLite's online backup, never a file copy)."""
    from sqlalchemy.engine import make_url

    from referee.store.backup import BackupFailed, backup_sqlite
    from referee.store.disk import disk_full

    url = make_url(_database_url())
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        click.echo("referee backup copies the SQLite database; back up PostgreSQL with pg_dump.")
        sys.exit(2)
    try:
        backup_sqlite(url.database, path)
    except (BackupFailed, OSError, sqlite3.Error) as error:
        why = f"the disk of {path} is full; nothing was written" if disk_full(error) else error
        click.echo(f"The backup failed: {why}", err=True)
        sys.exit(1)
    click.echo(f"Backed up {url.database} to {path}.")


@main.command("import")
@click.argument("file", type=click.File("rb"))
def import_command(file: BinaryIO) -> None:
    """Rebuild a table from the JSON file it was exported to, as a new table with new share
    links, and print them. Every hand is settled again; a changed file is refused whole."""
    from sqlmodel import Session

    from referee.documents.upload import load_document
    from referee.rules.limits import MAX_IMPORT_BYTES
    from referee.store.commands import import_table
    from referee.store.storage import make_engine

    engine = make_engine(_database_url())
    try:
        with Session(engine, expire_on_commit=False) as db:
            table = import_table(db, load_document(file.read(MAX_IMPORT_BYTES + 1)))
    except Refusal as refusal:
        click.echo(f"Nothing was imported: {refusal.message}", err=True)
        sys.exit(2)
    finally:
        engine.dispose()
    click.echo(f"Imported {table.name!r} as table {table.id}. Open it on this server at:")
    click.echo(f"  scorekeeper: /join/{table.id}/{table.scorekeeper_token}")
    click.echo(f"  watch:       /join/{table.id}/{table.watch_token}")
