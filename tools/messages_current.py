"""`make lint`: fail when the catalogs are behind the code.

    python tools/messages_current.py EXTRACTED COMMITTED [CATALOG.po ...]

EXTRACTED is what `pybabel extract` finds in the code now, COMMITTED is
referee/translations/messages.pot: they must hold the same messages (a message is its
msgid, its plural and its context; the header's dates and the line numbers of the
locations may differ). Each language's catalog must hold the messages of the .pot too, so
a translator sees every new one. `make messages` brings them all up to date.
"""

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

Message = tuple[str, str, str]  # msgid, plural, context


def messages(path: str) -> set[Message]:
    """The messages of a .pot or .po file, obsolete ones left out."""
    with Path(path).open("rb") as file:
        catalog: Catalog = read_po(file)
    found: set[Message] = set()
    for message in catalog:
        if not message.id:
            continue  # the header
        ids = message.id if isinstance(message.id, tuple | list) else (message.id, "")
        found.add((str(ids[0]), str(ids[1]), message.context or ""))
    return found


def differences(name: str, wanted: set[Message], held: set[Message]) -> list[str]:
    """One line per message `name` lacks or holds in excess."""
    lines = [f"{name} lacks: {m[0]!r}" for m in sorted(wanted - held)]
    return lines + [f"{name} no longer needs: {m[0]!r}" for m in sorted(held - wanted)]


def main(extracted: str, committed: str, *catalogs: str) -> int:
    code = messages(extracted)
    problems = differences(committed, code, messages(committed))
    for catalog in catalogs:
        problems += differences(catalog, code, messages(catalog))
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print("The catalogs are behind the code: run `make messages`.", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
