"""Your data is yours: download a table as JSON (whole) or CSV (hands and payments), and
import a downloaded table again as a new table."""

import re
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    make_response,
    redirect,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.datastructures import FileStorage
from werkzeug.exceptions import RequestEntityTooLarge

from referee import exact_json
from referee.documents import upload
from referee.documents.spreadsheet import export_csv
from referee.documents.table_export import export_table
from referee.rules import Refusal, limits
from referee.store import commands, gates
from referee.store.models import GameTable
from referee.store.storage import session
from referee.web import access, language, rate_limits
from referee.web.lazy_words import lazy_gettext
from referee.web.pages import render, table_or_404
from referee.web.transfer import NO_STORE

bp = Blueprint("exports", __name__)

# Room for the file and the multipart envelope; a larger body is answered 413 before it is read.
UPLOAD_SLACK = 64 * 1024
NO_FILE = "choose the .json file a table was downloaded to"

# One import at a time, among every server of the database (gates.IMPORTING): checking a file
# settles every hand again, a second or so of work for the largest, and eight sent at once
# held every thread `referee serve` has, so a hand entered at another table waited 4.9 s
# (bench/import_flood.py). The others are answered at once, to send again in a few seconds.
IMPORT_RETRY_SECONDS = 5


def download_name(table: GameTable, extension: str) -> str:
    """tonk-night-2025-01-31.json: ASCII only, so every browser saves it under that name
    (a table's file, and the picture of its night)."""
    slug = re.sub(r"[^a-z0-9]+", "-", table.name.lower()).strip("-")[:40].strip("-")
    return f"{slug or 'tonk-table'}-{table.created_at:%Y-%m-%d}.{extension}"


def _download(body: str, table: GameTable, extension: str, mimetype: str) -> ResponseReturnValue:
    return (
        body,
        200,
        {
            "Content-Type": f"{mimetype}; charset=utf-8",
            "Content-Disposition": f'attachment; filename="{download_name(table, extension)}"',
            **NO_STORE,
        },
    )


@bp.get("/t/<int:table_id>/export.json")
def export_json(table_id: int) -> ResponseReturnValue:
    """The whole table: players, rules versions, hands and their histories, exact."""
    table = table_or_404(table_id)
    body = exact_json.dumps(export_table(session(), table), indent=1) + "\n"
    return _download(body, table, "json", "application/json")


@bp.get("/t/<int:table_id>/export.csv")
def export_spreadsheet(table_id: int) -> ResponseReturnValue:
    """Hands and payments for a spreadsheet (a BOM first, so Excel reads the names as UTF-8)."""
    table = table_or_404(table_id)
    return _download("\ufeff" + export_csv(session(), table), table, "csv", "text/csv")


class ImportForm(FlaskForm):
    file = FileField(
        lazy_gettext("The table's file (.json)"),
        render_kw={"accept": ".json,application/json"},
    )


@bp.url_value_preprocessor
def _room_for_the_file(endpoint: str | None, _values: dict[str, Any] | None) -> None:
    """A table's file may be larger than any form of the app. URL preprocessors run before
    the app's CSRF check reads the body, so the larger limit is in place when it does."""
    if endpoint == "exports.import_page":
        request.max_content_length = limits.MAX_IMPORT_BYTES + UPLOAD_SLACK


@bp.route("/import", methods=["GET", "POST"])
def import_page() -> ResponseReturnValue:
    """Open a downloaded table as a new table; this browser keeps its score."""
    form = ImportForm()
    if form.is_submitted():
        rate_limits.may_start_table()  # an imported table is a table started
        sent = form.file.data
        if not isinstance(sent, FileStorage) or not sent.filename:
            return _import_page(form, {"file": NO_FILE}, 400)
        with gates.passed(current_app.extensions["db_engine"], gates.IMPORTING) as ours:
            if not ours:
                return _busy(form)
            try:
                table = _imported(sent)
            except Refusal as refusal:
                # The whole message: its path (hands[3].settlement.net.Ben) says where in
                # the file the trouble is, which is what whoever mends the file needs (in the
                # page's language, where the message is one of the core's). A file too
                # large is 413 however it was found, any other refusal 422.
                status = 413 if isinstance(refusal, upload.FileTooLarge) else 422
                return _import_page(form, {"file": language.words(refusal.message)}, status)
        access.grant(table, access.SCOREKEEPER)
        flash(
            gettext(
                "%(table)s is imported as a new table, with its own share links.",
                table=table.name,
            )
        )
        return redirect(url_for("tables.table", table_id=table.id), 303)
    return _import_page(form, {})


def _imported(sent: FileStorage) -> GameTable:
    """The file made a new table, while no server imports another (the caller holds the
    IMPORTING gate)."""
    rate_limits.table_started()  # counted when sent, refused or not: checking is the cost
    data = upload.load_document(sent.stream.read(limits.MAX_IMPORT_BYTES + 1))
    return commands.import_table(session(), data)


def _busy(form: ImportForm) -> ResponseReturnValue:
    """Another file is being imported: 503, to send again in a few seconds (Retry-After)."""
    words = (
        "another table's file is being imported right now; "
        f"send yours again in {IMPORT_RETRY_SECONDS} seconds"
    )
    busy = _import_page(form, {"file": words}, status=503)
    busy.headers["Retry-After"] = str(IMPORT_RETRY_SECONDS)
    return busy


def _import_page(form: ImportForm, errors: dict[str, str], status: int = 200) -> Response:
    """The import page, with what is wrong beside the file box, answered with `status`."""
    size = upload.size_in_words(limits.MAX_IMPORT_BYTES)
    page = make_response(render("import.html", form=form, errors=errors, size=size))
    page.status_code = status
    return page


@bp.errorhandler(RequestEntityTooLarge)
def _file_too_large(_error: RequestEntityTooLarge) -> ResponseReturnValue:
    """A file far over the limit is cut off before it is read (413): the import page says
    so beside the file field, naming the limit, as for a file just over it."""
    return _import_page(ImportForm(formdata=None), {"file": upload.too_large().message}, 413)
