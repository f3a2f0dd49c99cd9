"""A seat takes its game home at the end of a shared table (`usecases.take_home`).

Below the table's ranking, each phone offers its player's game as a file in the app's
export format, for their own app (the phone app, or the app on another computer):
a download in this browser (`FilePicker.save_file` with the bytes, as the settings'
export does), and a QR code to the same file on the host, for the player's own phone
to scan. The QR code holds the access code, as the one that opens the table does, so a
phone that never opened the app is let in and gets the file at once. When the app is
open on this computer only, no phone can reach it: the screen says so instead of
drawing a code that would lead nowhere.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.ui.kit import widgets as w
from companion.ui.screen import Shell
from companion.usecases.tables import SharedTable
from companion.usecases.take_home import take_home, take_home_path


def take_home_rows(app: Shell, table: SharedTable, seat: int) -> list[ft.Control]:
    """The button that downloads seat `seat`'s game, and the QR code to it on the host."""

    async def download() -> None:
        found = take_home(app.services, table.id, seat)  # as the host has it now
        if found is None:
            app.notify(t("This game is not finished any more: end it again to take it "
                         "home."))
            return
        saved = await ft.FilePicker().save_file(
            dialog_title=t("Take this game home"), file_name=found.name,
            src_bytes=found.data, file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json"])
        if app.page.web:
            app.notify(t("Your game is being downloaded as {file}.", file=found.name))
        elif saved:
            app.notify(t("Your game was saved to {file}.", file=saved))

    rows: list[ft.Control] = [
        ft.Text(t("Keep your game in your own app (the phone app, or the app on another "
                  "computer): take it home as a file, with the table's other games, then "
                  "import it there in Settings, {button}.",
                  button=t("Import an exported file"))),
        w.button(t("Take this game home"), download, icon=ft.Icons.DOWNLOAD, kind="tonal"),
    ]
    share = app.services.share
    if share is not None and share.reachable:
        rows += [
            ft.Text(t("Or scan this code with your own phone: its browser downloads the "
                      "file.")),
            w.qr_code(share.link(take_home_path(table.id, seat)),
                      t("QR code of the link to this game's file"),
                      identifier="take-home-code"),
        ]
    else:
        rows.append(w.value_text("take-home-here-only", t(
            "The app is open on this computer only, so no other phone can fetch the file "
            "from it: download it here.")))
    return [w.card_box(*rows, identifier="take-home")]
