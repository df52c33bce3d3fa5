"""Game-specific text (no rules): how each game's actions, events and status read in fr/en.

Each game's module (present/<game>.py) satisfies games.protocols.Presenter; the platform reaches it
through the game's declaration (games/<game>.py). See docs/platform.md.
"""


def join_words(items: list[str], none: str, and_: str) -> str:
    """"a, b and c" with the reader's own words for "and" and for an empty list; blanks are left out."""
    items = [i for i in items if i]
    if not items:
        return none
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {and_} {items[-1]}"
