"""Typed access to cards/confrontation.json: the board, the characters, the combat and special cards."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from .text import Text

Side = Literal["fellowship", "sauron"]


class Character(BaseModel):
    side: Side
    face: Literal["classic", "variant"]
    tile: str
    strength: int
    name: Text
    ability: Text


class CombatCard(BaseModel):
    name: Text
    value: int | None
    text: Text


class SpecialCard(BaseModel):
    side: Side
    name: Text
    text: Text


class Components(BaseModel):
    regions: dict[str, Text]
    rows: list[list[str]]
    mountains: list[str]
    capacity: dict[str, int]
    forward: dict[str, list[str]]
    sideways: list[tuple[str, str]]
    anduin: list[tuple[str, str]]
    moria_tunnel: list[tuple[str, str]]
    starting_regions: dict[Side, dict[str, int]]
    characters: dict[str, Character]
    combat_cards: dict[Side, dict[str, CombatCard]]
    special_cards: dict[str, SpecialCard]


@cache
def components() -> Components:
    path = Path(__file__).with_name("confrontation.json")
    return Components.model_validate(json.loads(path.read_text(encoding="utf-8")))
