"""The table service's refusals. The text of each code is "table.<code>" in i18n/<lang>/table.json."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import i18n


class TableError(Exception):
    """A request the table service refuses; nothing was changed. `code` names the reason."""

    def __init__(self, code: str, *, because: Callable[[str], str] | None = None, **params: Any):
        self.code = code
        self.params = params
        # The sentence of the refusal behind this one (a game's), in the reader's language: its `detail`.
        self.because = because
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)

    def text(self, lang: str = i18n.DEFAULT) -> str:
        params = {**self.params, "detail": self.because(lang)} if self.because else self.params
        return i18n.t(f"table.{self.code}", lang, **params)
