"""Game-specific text (no rules): how each game's actions, events and status read in fr/en.

Each game's module (present/<game>.py) satisfies games.protocols.Presenter; the platform reaches it
through the game's declaration (games/<game>.py). See docs/platform.md.
"""
from i18n import t


def join_words(items: list[str], none: str, and_: str) -> str:
    """"a, b and c" with the reader's own words for "and" and for an empty list; blanks are left out."""
    items = [i for i in items if i]
    if not items:
        return none
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {and_} {items[-1]}"


def describe_events(presenter, events: list[dict], view, lang: str, names: dict[str, str] | None = None) -> list[str]:
    """The events' lines, nothing said twice in a row: the game's own `describe_events` when it has one
    (it may fold events into one line), then identical lines in a row read once with their count."""
    own = getattr(presenter, "describe_events", None)
    lines = own(events, view, lang, names) if own else [presenter.describe_event(e, view, lang, names)
                                                         for e in events]
    return counted_lines(lines, lang)


def counted_lines(lines: list[str], lang: str) -> list[str]:
    """Identical lines in a row as one, "(×3)" after it."""
    out: list[str] = []
    counts: list[int] = []
    for line in lines:
        if out and out[-1] == line:
            counts[-1] += 1
        else:
            out.append(line)
            counts.append(1)
    return [t("present.repeated", lang, line=line, count=n) if n > 1 else line for line, n in zip(out, counts)]
