"""The single error type the rules raise.

Every rejection carries an English message template and its parameters separately, so
the UI can translate the template (it is the translation key) and the CLI can print the
English text as is.
"""

from __future__ import annotations

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any



class Rejected(Exception):
    """An action or input the rules do not allow; nothing was changed."""

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    @property
    def message(self) -> str:
        return str(self)
