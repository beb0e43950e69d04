"""The writer the durability test kills: enters hands through the commands into a SQLite
file, printing each hand's number the moment its commit has returned.

    python tests/durability_writer.py DB_PATH TABLE_ID SEED

Not a test module: tests/test_durability.py runs it and kills it with SIGKILL.
"""

import random
import secrets
import sys

from sqlmodel import Session

from referee.rules import Refusal
from referee.store import commands
from referee.store.seating import load_table, next_deal, players_of, seated
from referee.store.storage import make_engine


def main() -> None:
    path, table_id, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    # Writes begin IMMEDIATE, as the app's requests that change data do.
    engine = make_engine(f"sqlite:///{path}").execution_options(immediate=True)
    print("ready", flush=True)
    while True:
        with Session(engine, expire_on_commit=False) as db:
            table = load_table(db, table_id)
            players = seated(players_of(db, table))
            dealer = next_deal(db, table, players).dealer
            names = [p.name for p in players]
            if rng.random() < 0.5:
                outcome = {"kind": "out", "player": rng.choice(names)}
            else:
                totals = {name: rng.randint(1, 50) for name in names}
                outcome = {"kind": "drop", "player": rng.choice(names), "totals": totals}
            try:
                hand = commands.enter_hand(
                    db,
                    table,
                    outcome,
                    dealer=dealer,
                    entry_key=secrets.token_urlsafe(18),
                    by="writer",
                ).hand
            except Refusal:  # a drop the rules do not allow: nothing was stored
                continue
            number = hand.no
        print(number, flush=True)


if __name__ == "__main__":
    main()
