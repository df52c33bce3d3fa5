"""A card's text in both of the bot's languages (every card file uses this one model)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Text(BaseModel):
    """A text in English and French."""
    model_config = ConfigDict(frozen=True)
    en: str
    fr: str

    def get(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en
