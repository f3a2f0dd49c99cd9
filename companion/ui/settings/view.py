"""Settings: language, theme, the games owned, the default Empire face, and the data folder.

Everything chosen here is kept in the player's data folder. The expansions owned are
what a new game's setup and the card browser start with; the default face is the face
setup starts with (a variant face C–F also turns setup's variant switch on). Export,
import and reset are in `data_transfer.py`, beside this module.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import LANGUAGE_NAMES, SUPPORTED, language, t
from companion.rules.cards import Expansion
from companion.shipped.catalog import RULEBOOK_FACES
from companion.ui.kit import widgets as w
from companion.ui.kit.card_face import VARIANT_KEY, expansion_name, variants_wanted
from companion.ui.screen import Screen, Shell
from companion.ui.settings.data_transfer import DataTransfer


class SettingsScreen(Screen):
    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self._content = ft.Column(spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._transfer: DataTransfer | None = None

    @property
    def title(self) -> str:
        return t("Settings")

    def build(self) -> ft.Control:
        self._transfer = DataTransfer(self.app)
        self.refresh()
        return self._content

    def refresh(self) -> None:
        theme = str(self.app.services.setting("theme", "system"))
        themes = [("system", t("Same as the device")), ("light", t("Light")),
                  ("dark", t("Dark"))]
        assert self._transfer is not None
        self._content.controls = [
            w.heading(t("Language")),
            _wrap([w.button(LANGUAGE_NAMES[code], self._language(code),
                            kind="filled" if code == language() else "outlined")
                   for code in SUPPORTED]),
            w.heading(t("Theme")),
            _wrap([w.button(label, self._theme(code),
                            kind="filled" if code == theme else "outlined")
                   for code, label in themes]),
            *self._phones(),
            w.heading(t("Rules of the game")),
            w.button(t("Read the rules"), lambda: self.app.navigate("/rules"),
                     icon=ft.Icons.MENU_BOOK, kind="outlined"),
            w.heading(t("Games you own")),
            ft.Text(t("New games and the card browser start with these."), size=12),
            *self._expansions(),
            w.heading(t("Default Empire face")),
            *self._faces(),
            w.heading(t("Your data")),
            ft.Semantics(content=ft.Text(self._folder_text(), selectable=True),
                         identifier="data-folder"),
            *self._transfer.controls(),
        ]

    # --- language and theme -----------------------------------------------------------

    def _language(self, code: str) -> Callable[[], None]:
        return lambda: self.app.set_language(code)

    def _theme(self, code: str) -> Callable[[], None]:
        return lambda: self.app.set_theme(code)

    # --- games owned ------------------------------------------------------------------

    def _owned(self) -> list[str]:
        raw = self.app.services.setting("expansions", ["base"])
        return [e.value for e in Expansion
                if e is Expansion.BASE or (isinstance(raw, list) and e.value in raw)]

    def _phones(self) -> list[ft.Control]:
        """Sharing with the table's phones needs a computer to host the app."""
        if self.app.services.runs_in_browser:
            return []
        return [w.heading(t("Phones at the table")),
                w.button(t("Play on phones"), lambda: self.app.navigate("/share"),
                         icon=ft.Icons.QR_CODE_2, kind="outlined")]

    def _expansions(self) -> list[ft.Control]:
        owned = self._owned()
        return [ft.Checkbox(label=expansion_name(e), value=e.value in owned,
                            disabled=e is Expansion.BASE, on_change=self._own(e))
                for e in Expansion]

    def _own(self, expansion: Expansion) -> Callable[[ft.Event[ft.Checkbox]], None]:
        def change(event: ft.Event[ft.Checkbox]) -> None:
            owned = set(self._owned())
            if event.control.value:
                owned.add(expansion.value)
            else:
                owned.discard(expansion.value)
            self.app.services.set_setting(
                "expansions", [e.value for e in Expansion if e.value in owned | {"base"}])
            self.app.refresh()

        return change

    # --- default face -----------------------------------------------------------------

    def _faces(self) -> list[ft.Control]:
        face = str(self.app.services.setting("default_face", "A"))
        variants = variants_wanted(self.app)
        rows: list[ft.Control] = [
            w.toggle_row([(t("Face {face}", face=f), f) for f in RULEBOOK_FACES], face,
                         self._set_face),
            ft.Switch(label=t("Variant faces C to F (not in the rulebooks)"), value=variants,
                      on_change=self._variant_switch, height=w.TOUCH),
        ]
        if variants:
            rows.append(w.toggle_row([(t("Face {face}", face=f), f)
                                      for f in self._variant_faces()], face, self._set_face))
        return rows

    def _variant_faces(self) -> list[str]:
        faces = {f.face for f in self.app.services.catalog.empires if f.variant}
        return sorted(faces)

    def _set_face(self, face: str) -> None:
        self.app.services.set_setting("default_face", face)
        self.app.refresh()

    def _variant_switch(self, event: ft.Event[ft.Switch]) -> None:
        on = bool(event.control.value)
        self.app.memory[VARIANT_KEY] = on
        face = self.app.services.setting("default_face", "A")
        if not on and face not in RULEBOOK_FACES:
            self.app.services.set_setting("default_face", "A")
        self.app.refresh()

    # --- data folder ------------------------------------------------------------------

    def _folder_text(self) -> str:
        folder = self.app.services.backend.data_folder()
        if folder is None:
            return t("Your data is kept in memory only: it is lost when the app stops.")
        return t("Data folder: {folder}", folder=folder)


def _wrap(controls: list[ft.Control]) -> ft.Control:
    return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)
