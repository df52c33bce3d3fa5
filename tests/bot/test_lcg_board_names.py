"""The Card Game's board names its players as the embeds do (issue 26): by their Discord display names,
learnt from their interactions, a bot seat by its id, and "Player N" for a player the bot cannot name."""
from __future__ import annotations

from bot.names import DisplayNames
from render import lcg as board
from tests.bot.harness import Harness
from tests.bot.helpers import table


def _drawn(monkeypatch) -> list[dict]:
    """The views the bot hands to the Card Game's drawing, recorded as it draws them."""
    views: list[dict] = []
    draw = board.draw_board

    def recording(view: dict, lang: str = "en") -> bytes:
        views.append(view)
        return draw(view, lang)

    monkeypatch.setattr(board, "draw_board", recording)
    return views


async def test_the_board_names_the_players_by_their_display_names(harness: Harness, monkeypatch):
    h = harness
    views = _drawn(monkeypatch)
    alice, bob = h.user("Alice of Dale"), h.user("Bob")
    await h.slash(alice, "create", game="lcg")
    await h.slash(bob, "join")
    await h.slash(alice, "start")
    assert table(h).status == "active"
    public = next(v for v in reversed(views) if v.get("you") is None and v.get("order"))
    labels = [text for _, text in board.table_labels(public)]
    assert any(text.startswith("Alice of Dale") for text in labels)
    assert any(text.startswith("Bob") for text in labels)
    assert not any(text.startswith("Player ") for text in labels)
    private = next(v for v in reversed(views) if v.get("you"))  # a DM's board: the reader's own name line
    mine = {str(alice): "Alice of Dale", str(bob): "Bob"}[private["you"]]
    assert any(text.startswith(f"{mine} (you)") for _, text in board.table_labels(private))


async def test_a_bot_seat_is_named_by_its_id(harness: Harness, monkeypatch):
    h = harness
    views = _drawn(monkeypatch)
    alice = h.user("Alice")
    await h.slash(alice, "create", game="lcg", bots=1)
    await h.slash(alice, "start")
    public = next(v for v in reversed(views) if v.get("you") is None and v.get("order"))
    robot = next(p for p in public["order"] if p.startswith("bot-"))
    labels = [text for _, text in board.table_labels(public)]
    assert any(text.startswith(robot) for text in labels) and any(text.startswith("Alice") for text in labels)


def test_display_names_are_learnt_from_interactions_and_the_oldest_forgotten():
    class User:
        def __init__(self, uid: int, name: str):
            self.id, self.display_name = uid, name

    names = DisplayNames(cached_user=lambda uid: User(uid, "Cached") if uid == 7 else None, size=2)
    names.learn(User(1, "Ann"))
    names.learn(User(2, "B" * 40))
    names.learn(User(1, "Ann the Second"))  # a new name, and seen last
    names.learn(User(3, "Cid"))  # 2, seen least recently, is forgotten
    assert names.of(["1", "2", "3", "7", "8", "bot-normal-1"]) == {
        "1": "Ann the Second", "3": "Cid", "7": "Cached", "bot-normal-1": "bot-normal-1"}
    # a player nobody can name (8: after a restart, before their first click) is left to "Player N"


def test_a_name_drawn_is_the_bands_own_and_kept_pieces_do_not_mix_names(monkeypatch):
    import games

    rules = games.rules("lcg")
    s = rules.new_game(["1", "2"], {}, 3)
    view = rules.view(s, "1")
    named = board.table_labels({**view, "names": {"1": "Ann", "2": "Ben"}})
    renamed = board.table_labels({**view, "names": {"1": "Ann", "2": "Cid"}})
    bare = board.table_labels(view)
    first = lambda labels, start: [t for _, t in labels if t.startswith(start)]
    assert first(named, "Ann (you)") and first(named, "Ben") and not first(named, "Cid")
    assert first(renamed, "Cid") and not first(renamed, "Ben")  # the band drawn anew, not the kept one
    assert first(bare, "Player 1 (you)") and first(bare, "Player 2")
