"""`make run` and `make test`: compile one language's catalog into the .mo the app reads.

    python tools/compile_catalog.py LANG/LC_MESSAGES/messages.po LANG/LC_MESSAGES/messages.mo

What `pybabel compile` does, less one fault: Babel writes a plural message that no one has
translated yet with the English forms as its translation, and a language whose plural rule
is not English's then picks the wrong form: Filipino takes the first form for 5, so the
page said "5 card". Here a message not wholly translated is left out of the .mo, so gettext
falls back to the English as English says it ("1 card", "5 cards"); fuzzy ones are left
out too, as pybabel leaves them. Prints how much of the catalog is translated.
"""

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def translated(message: Message) -> bool:
    """Every form of the message has its translation (a plural has one per form)."""
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(forms)


def main(po: str, mo: str) -> None:
    with Path(po).open("rb") as file:
        catalog: Catalog = read_po(file)
    messages = [message for message in catalog if message.id]
    fuzzy = [message for message in messages if message.fuzzy]
    untranslated = [m for m in messages if not m.fuzzy and not translated(m)]
    for message in fuzzy + untranslated:
        catalog.delete(message.id, message.context)
    with Path(mo).open("wb") as file:
        write_mo(file, catalog)
    print(
        f"{po}: {len(messages) - len(fuzzy) - len(untranslated)} translated, "
        f"{len(fuzzy)} fuzzy, {len(untranslated)} untranslated"
    )


if __name__ == "__main__":
    main(*sys.argv[1:])
