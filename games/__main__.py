"""`python -m games`: every declared game's players, bot levels and options (games/options.py), in
Markdown, read from the declarations: the description docs/platform.md points to."""
from __future__ import annotations

import games


def describe() -> str:
    out = []
    for game in games.declared():
        low, high = game.seats
        out.append(f"## {game.id}\n")
        out.append(f"- players: {low}" + (f" to {high}" if high != low else ""))
        out.append("- bot levels: " + (", ".join(game.bot_levels) if game.bot else "no computer player"))
        out += game.options.describe() if game.options else ["- options: none declared (the engine judges)"]
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(describe())
