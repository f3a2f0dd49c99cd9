"""The Empire cards: each Empire's faces A and B, and the variant faces C–F on request.

Faces C–F are printed but not in the rulebooks (the catalog marks them `variant`). The
setup screen offers them only when its switch is on, and starts with the switch on when
the player's default face (setting "default_face") is one of them; this page follows
the same rule, and its own switch is remembered for the tab (`app.memory`).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import language, t
from companion.rules.cards import EmpireFace
from companion.ui.kit import widgets as w
from companion.ui.kit.card_face import (
    VARIANT_KEY,
    chip_row,
    expansion_name,
    points_badge,
    production_chips,
    variants_wanted,
)
from companion.ui.screen import Screen, Shell


class EmpiresScreen(Screen):
    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self._content = ft.Column(spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def title(self) -> str:
        return t("Empires")

    def build(self) -> ft.Control:
        self.refresh()
        return self._content

    def refresh(self) -> None:
        variants = variants_wanted(self.app)
        rows: list[ft.Control] = [
            ft.Switch(label=t("Variant faces C to F (not in the rulebooks)"), value=variants,
                      on_change=self._switch, height=w.TOUCH),
        ]
        catalog = self.app.services.catalog
        for name in catalog.empire_names():
            faces = [f for f in catalog.empires
                     if f.name == name and (variants or not f.variant)]
            rows.append(self._empire(faces))
        self._content.controls = rows

    def _empire(self, faces: list[EmpireFace]) -> ft.Control:
        first = faces[0]
        header = ft.Column([
            w.heading(first.name_in(language())),
            ft.Text(expansion_name(first.expansion), size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=2)
        identifier = "empire-" + first.name.lower().replace(" ", "-")
        return w.card_box(header, *[self._face(face) for face in faces],
                          identifier=identifier)

    @staticmethod
    def _face(face: EmpireFace) -> ft.Control:
        details: list[ft.Control] = [
            ft.Text(t("Face {face}", face=face.face), weight=ft.FontWeight.BOLD, width=64),
            chip_row(production_chips(face.production, long=True)),
            points_badge(face.points),
        ]
        if face.start_krystallium:
            details.append(ft.Text(t("Starts with {count} Krystallium",
                                     count=face.start_krystallium), size=12))
        return ft.Semantics(
            content=ft.Row(details, wrap=True, spacing=8, run_spacing=6,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER),
            identifier=f"face-{face.name.lower().replace(' ', '-')}-{face.face}",
        )

    def _switch(self, event: ft.Event[ft.Switch]) -> None:
        self.app.memory[VARIANT_KEY] = bool(event.control.value)
        self.app.refresh()
