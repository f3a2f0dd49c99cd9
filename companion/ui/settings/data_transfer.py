"""Export everything as a download, import an exported file, and reset: the settings' data part.

How the file gets in and out (Flet 1.0.5, web client, offline), and why:

- Export: `FilePicker.save_file(file_name=..., src_bytes=...)`. In the browser the web
  client turns the bytes into a download (`wonderful-companion-YYYY-MM-DD.json`); in a
  native window it opens a save dialog and writes them. Nothing is written on the server
  and no address serves the data: the alternatives (a file under the app's assets, or an
  upload folder with signed URLs) would leave the player's data reachable by anyone who
  can reach the server, and need cleaning up. (Only a shared table's finished game is
  also served at an address, behind the door, for a player's own phone to fetch it:
  `companion.web.downloads`.)
- Import: the `PickFiles` client action with `with_data=True`, attached to the button.
  The browser opens its file chooser inside the tap itself (Safari on iOS allows it only
  then) and the file's bytes come back with the picker's result event: no upload
  endpoint, no signing secret, no temporary file. The price is that the bytes travel in
  one WebSocket message, and the server accepts messages up to 16 MiB (`WEB_IMPORT_MB`):
  an export of about 3,000 games. The screen says so, and points to
  `companion import FILE`, which reads files up to `validate.MAX_IMPORT_BYTES`.

The store checks an imported file completely before it writes anything (and keeps a
backup first); this module only reads the bytes, refuses what is not JSON or too large,
and asks whether to add to or replace the player's data.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import flet as ft
import msgspec

from companion.i18n import t, tn
from companion.i18n.counts import attempts, campaigns, imported, merged, players, records
from companion.rules.errors import Rejected
from companion.store import StoreError
from companion.store.files import export_bytes
from companion.store.schema import BACKUP_DIR
from companion.store.validate import MAX_IMPORT_BYTES
from companion.ui.kit import widgets as w
from companion.ui.open_games import forget_all_sessions
from companion.ui.screen import Shell
from companion.usecases.services import ServicesError

WEB_IMPORT_MB = 16
"""The largest WebSocket message the app's server (uvicorn) accepts, in MiB."""


class ImportRefused(Exception):
    """The picked file cannot be an export: the message says why; nothing was changed."""


def export_file_name(day: date) -> str:
    return f"wonderful-companion-{day.isoformat()}.json"


def read_export(name: str, size: int, content: bytes | list[int] | None) -> Any:
    """The JSON value of a picked file; `ImportRefused` if it is too large or not JSON."""
    if size > MAX_IMPORT_BYTES:
        raise ImportRefused(t("Import refused, nothing was changed: {file} is {size} MB; an "
                              "export of this app is at most {limit} MB.", file=name,
                              size=size // 2**20, limit=MAX_IMPORT_BYTES // 2**20))
    if content is None:
        raise ImportRefused(t("Import refused, nothing was changed: {file} could not be "
                              "read.", file=name))
    raw = bytes(content)
    if len(raw) > MAX_IMPORT_BYTES:
        raise ImportRefused(t("Import refused, nothing was changed: {file} is {size} MB; an "
                              "export of this app is at most {limit} MB.", file=name,
                              size=len(raw) // 2**20, limit=MAX_IMPORT_BYTES // 2**20))
    try:
        return msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):
        raise ImportRefused(t("Import refused, nothing was changed: {file} is not an export "
                              "of this app (it is not even JSON).", file=name)) from None


def contents(data: Any) -> str:
    """What a file holds, before the player chooses to add or replace."""
    def count(key: str) -> int:
        value = data.get(key) if isinstance(data, dict) else None
        return len(value) if isinstance(value, list) else 0

    return t("It holds: {games}, {attempts}, {campaigns}, {players}.",
             **records({key: count(key) for key in ("games", "attempts", "campaigns",
                                                    "players")}))


def imported_message(counts: dict[str, int], replace: bool = False) -> str:
    """What was imported (added, updated, left alone), then what was corrected from the
    moves (see store/derive.py)."""
    from companion.store.derive import correction_notes

    if replace:
        return " ".join([imported(counts, replace=True), *correction_notes(counts)])
    done = t("Imported: {games}, {attempts}, {campaigns}, {players}.",
             games=tn("{count} new game", "{count} new games", counts.get("games", 0)),
             attempts=attempts(counts.get("attempts", 0)),
             campaigns=campaigns(counts.get("campaigns", 0)),
             players=players(counts.get("players", 0)))
    return " ".join([done, merged(counts), *correction_notes(counts)])


def backups_folder(data_folder: str | None) -> str | None:
    return str(Path(data_folder) / BACKUP_DIR) if data_folder else None


class DataTransfer:
    """The export, import and reset buttons of one settings screen, and their picker."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        # A service registers with the page when made; it lives as long as this screen.
        self.picker = ft.FilePicker(on_result=self._picked)

    @property
    def backend(self) -> Any:
        return self.app.services.backend

    def controls(self) -> list[ft.Control]:
        return [
            w.button(t("Export all my data"), self._export, icon=ft.Icons.DOWNLOAD,
                     kind="tonal"),
            ft.FilledTonalButton(
                t("Import an exported file"), icon=ft.Icons.UPLOAD_FILE, height=w.TOUCH,
                action=ft.PickFiles(self.picker, dialog_title=t("Import an exported file"),
                                    file_type=ft.FilePickerFileType.CUSTOM,
                                    allowed_extensions=["json"], with_data=True,
                                    cancel_upload_on_window_blur=False),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16,
                                                                  vertical=8)),
            ),
            ft.Text(self._size_hint(), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            w.button(t("Erase all my data…"), self._ask_reset, icon=ft.Icons.DELETE_FOREVER,
                     kind="outlined"),
        ]

    def _size_hint(self) -> str:
        if self.app.services.runs_in_browser:  # the phone app has no command line
            return t("Files up to {size} MB.", size=WEB_IMPORT_MB)
        return t("Files up to {size} MB here; for a larger one, run: companion import FILE",
                 size=WEB_IMPORT_MB)

    # --- export ---------------------------------------------------------------------

    async def _export(self) -> None:
        name = export_file_name(date.today())
        data = export_bytes(self.backend.export_all())
        saved = await self.picker.save_file(
            dialog_title=t("Export all my data"), file_name=name, src_bytes=data,
            file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"])
        gaps = " ".join(self.backend.export_gaps())  # never a refusal: what it lacks
        if self.app.page.web:
            self.app.notify(" ".join([t("Your data is being downloaded as {file}.",
                                        file=name), gaps]).strip())
        elif saved:
            self.app.notify(" ".join([t("Your data was exported to {file}.", file=saved),
                                      gaps]).strip())

    # --- import ---------------------------------------------------------------------

    def _picked(self, event: ft.FilePickerResultEvent) -> None:
        if not event.files:
            return
        picked = event.files[0]
        try:
            data = read_export(picked.name, picked.size or 0, picked.bytes)
        except ImportRefused as exc:
            self.app.notify(str(exc))
            return
        self._ask_how(picked.name, data)

    def _ask_how(self, name: str, data: Any) -> None:
        page = self.app.page

        def add() -> None:
            page.pop_dialog()
            self._import(data, replace=False)

        def replace() -> None:
            page.pop_dialog()
            w.confirm_dialog(
                page, t("Replace all your data?"),
                t("Every game, scenario attempt, campaign, player and setting now in the app "
                  "is replaced by the file's. A copy of your data from just before is kept "
                  "in the backups folder."),
                t("Replace everything"), lambda: self._import(data, replace=True))

        page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("Import {file}?", file=name)),
            content=ft.Text(contents(data) + " " + t(
                "Adding keeps everything you have and adds what is new or more recent.")),
            actions=[w.button(t("Cancel"), lambda: page.pop_dialog(), kind="text"),
                     w.button(t("Replace all my data"), replace, kind="outlined"),
                     w.button(t("Add to my data"), add, kind="filled")],
            scrollable=True,
        ))

    def _import(self, data: Any, *, replace: bool) -> None:
        try:
            counts = self.backend.import_all(data, replace=replace)
        except (StoreError, ServicesError, Rejected) as exc:
            self.app.explain(exc)
            self.app.page.update()
            return
        # A replaced file brings its own settings: show the app in its language and theme.
        self.app.use_language(str(self.app.services.setting("language", "en")))
        self.app.apply_theme(str(self.app.services.setting("theme", "system")))
        forget_all_sessions(self.app)
        self.app.rebuild()
        self.app.notify(imported_message(counts, replace))

    # --- reset ----------------------------------------------------------------------

    def _ask_reset(self) -> None:
        where = backups_folder(self.backend.data_folder())
        text = t("Every game, scenario attempt, campaign and player will be erased; your "
                 "settings stay.")
        if where:
            text += " " + t("A copy of your data from just before is kept in {folder}.",
                            folder=where)
        w.confirm_dialog(self.app.page, t("Erase all your data?"), text,
                         t("Erase everything"), self._reset)

    def _reset(self) -> None:
        try:
            self.backend.reset()
        except (StoreError, ServicesError) as exc:
            self.app.explain(exc)
            return
        where = backups_folder(self.backend.data_folder())
        forget_all_sessions(self.app)
        self.app.rebuild()
        self.app.notify(t("All your games were erased. A copy from just before is in "
                          "{folder}.", folder=where) if where else
                        t("All your games were erased."))
