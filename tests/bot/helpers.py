"""Playing the bot like users do: slash commands, then clicks on the components it sent."""
from __future__ import annotations

import re
from collections.abc import Callable

from bot.controls import Button, Menu, controls_for
from i18n import LANGUAGES, catalogue
from present import confrontation as text
from tests.bot.harness import Harness, Post


def service(h: Harness):
    return h.client.service


def table(h: Harness):
    return service(h).table(h.channel_id)


async def new_game(h: Harness, *, closed_dms: tuple[int, ...] = (), options: str = "classic-none"
                   ) -> tuple[int, int]:
    """Alice creates a Confrontation (Classic unless told), Bob joins, Alice starts as the Fellowship."""
    alice, bob = h.user("alice"), h.user("bob")
    h.world.closed_dms.update(closed_dms)
    await h.slash(alice, "create", game="confrontation", options=options)
    await h.slash(bob, "join")
    await h.slash(alice, "start", side="fellowship")
    t = table(h)
    assert t.status == "active" and t.players == [str(alice), str(bob)]
    return alice, bob


def controls_post(h: Harness, uid: int) -> Post:
    """The newest DM or ephemeral of `uid` carrying controls for the current decision."""
    t = table(h)
    prefix = f"lotr:{{}}:{t.id}:{t.decision_id}:"
    for post in reversed(h.posts):
        if post.recipient != uid or post.where not in ("dm", "ephemeral"):
            continue
        latest = h.world.messages[int(post.message["id"])]
        ids = [c for c in Post(post.where, post.channel_id, latest).custom_ids()]
        if any(i.startswith((prefix.format("b"), prefix.format("m"))) for i in ids):
            return Post(post.where, post.channel_id, latest, recipient=uid)
    raise LookupError(f"no current controls for {uid}")


def _path_to(menu: Menu, want: Callable[[dict], bool]) -> list[str] | None:
    for option in menu.options:
        if option.action is not None and want(option.action):
            return [option.key]
        if option.menu is not None:
            rest = _path_to(option.submenu(), want)
            if rest is not None:
                return [option.key, *rest]
    return None


async def do(h: Harness, uid: int, want: Callable[[dict], bool]) -> list[Post]:
    """Take the first legal action matching `want` by clicking through `uid`'s controls: a button,
    or a menu and its sub-menus (each step answered by an ephemeral with the next menu)."""
    t = table(h)
    _, controls = controls_for(h.client.service, t, str(uid))
    post = controls_post(h, uid)
    for control in controls:
        if isinstance(control, Button) and want(control.action):
            return await h.click(uid, post, f"lotr:b:{t.id}:{t.decision_id}:{control.key}")
        if isinstance(control, Menu):
            path = _path_to(control, want)
            if path is None:
                continue
            done: list[Post] = []
            custom_id = f"lotr:m:{t.id}:{t.decision_id}:{control.key}"
            for i, key in enumerate(path):
                posts = await h.click(uid, post, custom_id, values=[key])
                done += posts
                if i + 1 < len(path):  # the next menu came as an ephemeral answer
                    post = next(p for p in posts if p.where == "ephemeral" and p.custom_ids())
                    custom_id = post.custom_ids()[0]
            return done
    raise LookupError(f"no control of {uid} for the wanted action among {len(controls)} controls")


async def place_both(h: Harness, alice: int, bob: int) -> None:
    """Both players place their pieces through their DM menus (first choice at each step)."""
    for uid in (alice, bob):
        await do(h, uid, lambda a: a["type"] == "place")
    assert service(h).view(h.channel_id, None)["phase"] == "play"


# ---------------------------------------------------------------------- secrets


def hidden_names(h: Harness) -> set[str]:
    """Names (en and fr) of characters standing on the board that the public view does not show now."""
    svc = service(h)
    public = svc.view(h.channel_id, None)
    shown = {p["character"] for p in public["pieces"] if p.get("character")}
    for side in public.get("defeated", {}).values():
        shown.update(side or [])
    hidden: set[str] = set()
    for player in table(h).players:
        for piece in svc.view(h.channel_id, player)["pieces"]:
            character = piece.get("character")
            if character and character not in shown:
                hidden.add(character)
    names = set()
    for character in hidden:
        names |= {text.character_name(character, "en"), text.character_name(character, "fr"), character}
    return names


def _decision_texts() -> list[str]:
    """How the status names each kind of decision ("to decide whether Gandalf helps") and each way a
    game ends ("the Witch-king has entered the Shire"). The engine asks those decisions whenever they
    *could* arise as far as the opponent knows (docs/confrontation.md), and the result is public, so
    this wording names a rule, not a piece: it is left out of the scan."""
    out = []
    for lang in LANGUAGES:
        out += [v for k, v in catalogue(lang).items()
                if k.startswith(("confrontation.decision.", "confrontation.reason."))]
    return sorted(out, key=len, reverse=True)


def leaks(posts: list[Post], names: set[str]) -> list[tuple[str, str]]:
    """(name, text) for each public post naming one of `names`."""
    found = []
    for post in posts:
        if post.where != "channel":
            continue
        body = post.text() + "\n" + "\n".join(post.custom_ids())
        for phrase in _decision_texts():
            body = body.replace(phrase, " ")
        for name in names:
            if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", body, flags=re.IGNORECASE):
                found.append((name, body))
    return found
