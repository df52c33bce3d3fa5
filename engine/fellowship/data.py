"""The components of La Communauté, read once from cards/fellowship.json.

Part of that file is our reconstruction (stage lengths, space positions, finish values, enemy cards,
companion strengths); see docs/fellowship.md. The engine reads everything from here, so editing the
JSON to match a printed copy needs no code change.
"""
from __future__ import annotations

import json
from pathlib import Path

PATH = Path(__file__).resolve().parents[2] / "cards" / "fellowship.json"


def load(path: Path = PATH) -> dict:
    raw = json.loads(path.read_text(encoding="utf-8"))
    stages = {}
    for st in raw["stages"]:
        adv_at = {}
        for adv, spaces in st["adventure_spaces"].items():
            for sp in spaces:
                adv_at[sp] = adv
        stages[st["number"]] = {
            **st,
            "finish": st["length"] + 1,
            "event_set": frozenset(st["event_spaces"]),
            "adventure_at": adv_at,
        }
    return {
        "raw": raw,
        "stages": stages,
        "events": {c["id"]: c for c in raw["events"]},
        "enemies": {c["id"]: c for c in raw["enemies"]},
        "companions": raw["companions"],
        "stage_events": {n: [c["id"] for c in raw["events"] if c["stage"] == n] for n in stages},
        "stage_enemies": {n: [c["id"] for c in raw["enemies"] if c["stage"] == n] for n in stages},
        "start": raw["start"],
        "max_move": raw["max_move"],
        "bonus_below": raw["dice_movement_bonus_below"],
        "bearer_bonus": raw["ring_bearer_finish_bonus"],
    }


DATA = load()
