"""A table's file as it arrives to be imported: its size bounded, its bytes read as exact
JSON (a float could already have lost a cent), before its checks (`import_checks`)."""

from typing import Any

from referee import exact_json
from referee.rules import Refusal, limits


def size_in_words(size: int) -> str:
    """4 MB, 512 KB: a file size as people say it."""
    if size >= 1024 * 1024:
        return f"{size // (1024 * 1024)} MB"
    return f"{max(size // 1024, 1)} KB"


class FileTooLarge(Refusal):
    """A file over MAX_IMPORT_BYTES: answered 413 wherever it is found, with the limit."""


def too_large() -> FileTooLarge:
    """A file over MAX_IMPORT_BYTES, said with the limit (read here or cut off at upload)."""
    return FileTooLarge(
        f"file: the file is larger than {size_in_words(limits.MAX_IMPORT_BYTES)}; a table "
        "exported from Tonk Referee is far smaller",
        field="file",
    )


def load_document(raw: bytes) -> Any:
    """The document in a file's bytes, refused when too large or not exact JSON."""
    if len(raw) > limits.MAX_IMPORT_BYTES:
        raise too_large()
    try:
        return exact_json.loads(raw.removeprefix(b"\xef\xbb\xbf"))  # a BOM from an editor
    except exact_json.BadJson as error:
        message = str(error).replace("the request", "the file")
        raise Refusal(
            f"file: {message}; choose the .json file a table was exported to", field="file"
        ) from None
