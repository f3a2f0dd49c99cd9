"""The Share screen: how the phones at the table open the app.

When the app was started with `companion --share`, it shows the address on the local
network, the access code and a QR code holding both (a phone's camera opens the app
with one scan). Otherwise it says how to start the app that way: a running app cannot
start listening on the network by itself, since that choice belongs to whoever started
it, at the computer, where the code is printed too.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.ui.kit import widgets as w
from companion.ui.screen import Screen

SHARE_COMMAND = "companion --share"


class ShareScreen(Screen):
    @property
    def title(self) -> str:
        return t("Play on phones")

    def refresh(self) -> None:
        share = self.app.services.share
        if share is None:
            self.content.controls = [
                w.card_box(
                    ft.Text(t("The app is open on this computer only.")),
                    ft.Text(t("To play with everyone's phone at the table, stop the app "
                              "(Ctrl+C where it runs) and start it again with this command:")),
                    ft.Text(SHARE_COMMAND, selectable=True, font_family="monospace",
                            weight=ft.FontWeight.BOLD),
                    ft.Text(t("It then shows here an address on your network, an access code "
                              "and a QR code for the phones. The phones must be on the same "
                              "Wi-Fi as this computer.")),
                    identifier="share-off"),
            ]
            return
        self.content.controls = [
            ft.Text(t("On each phone, on the same Wi-Fi as this computer, scan this code "
                      "with the camera. Or open the address and type the code.")),
            w.qr_code(share.url, t("QR code of the address with the code"),
                      identifier="share-qr"),
            w.card_box(
                ft.Text(t("Address")),
                w.value_text("share-address", share.address, size=20, bold=True),
                ft.Text(t("Access code")),
                w.value_text("share-code", share.code, size=28, bold=True),
                identifier="share"),
            ft.Text(t("Only someone with the code can open the app. The connection is not "
                      "encrypted: share only on a network you trust, and stop the app "
                      "(Ctrl+C) when the game is over."), size=12),
            w.heading(t("Then")),
            ft.Text(t("Set up the table: each phone then follows its own Empire, and nobody "
                      "types a total. Or let each phone start its own game from the home "
                      "screen.")),
            w.button(t("Set up the table"), lambda: self.app.navigate("/tables/new"),
                     icon=ft.Icons.GROUPS),
        ]
