"""War of the Ring's legal actions as buttons and select menus (docs/wotr.md, "Actions" and "Discord").

Only a mapping: every control carries an action taken from `legal`, never one made up here, and no
action kind is named to decide what is offered, so an action kind the engine adds later is offered
too (as a menu or a button). The questions and their order come from present/wotr_choices.py, which
the terminal asks too:

- an action die decision: one menu "choose a die" (one option per face), then the actions of that die;
- actions without fields (Pass, Done, End the Fellowship phase) and small kinds (at most 3 actions):
  buttons, labelled by the presenter; a "Done" that would end a move before anything moved sits
  behind a menu that asks to confirm it;
- any other kind: a menu, asking the piece then the destination; many regions are grouped by nation
  or area first, other long lists paged (25 options at most).

Sub-menus are built only along the path a player takes (`Option.menu` as a function): a Shadow turn
offers hundreds of Nazgûl flights, listed once per click at most. Option keys are short indices (a
custom id holds 100 characters); the decision id in the custom id makes a stale index harmless.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from bot.controls import KEY_CHARS, About, Button, Control, Menu, Option
from cards.wotr import load
from i18n import t
from present import wotr as text
from present import wotr_choices as ask

if TYPE_CHECKING:
    from games.wotr import WotrView

_BUTTONS_MAX = 3  # a kind with more actions than this becomes a menu
# The fields naming a thing on the board, by the kind of thing: a page lets one pick it there (`about`).
_BOARD = {"die": "die", "from": "region", "region": "region", "to": "region", "card": "card", "nation": "nation",
          "kind": "kind", "companion": "character", "char": "character", "minion": "character"}


def preset_label(key: str, lang: str) -> str:
    return t(f"bot_wotr.preset.{key}", lang) if key == "standard" else key


def intro(lang: str) -> str:
    """Said in the channel when a game starts: where hands and controls go."""
    return t("bot_wotr.intro", lang)


def controls(view: WotrView, legal: list[dict], lang: str) -> list[Control]:
    """The first question of present/wotr_choices.py as components: the die menu (each face opening that
    die's actions) or one menu per kind of action, and buttons for the actions that stand alone."""
    field, choices = ask.step(view, legal, lang)
    menus: list[Control] = []
    buttons: list[Control] = []
    if field == "die":
        dice = [c for c in choices if any("die" in a for a in c.actions)]
        menus.append(Menu("die", t("bot_wotr.choose_die", lang), [
            Option(ask.clip(c.label, 100), str(i), menu=partial(tree, "d", c.label, c.actions, view, lang),
                   description=c.note, about=about("die", c.actions)) for i, c in enumerate(dice)]))
        choices = [c for c in choices if c not in dice]
    elif field not in ("type", "confirm"):  # one kind of action: one menu, or buttons for a few
        kind = str(legal[0].get("type"))
        if len(legal) > _BUTTONS_MAX:
            return [tree(_menu_key(kind), ask.type_label(kind, lang), legal, view, lang)]
        choices = [ask.Choice(text.describe_action(a, view, lang), [a]) for a in legal]
    asked = field not in ("die", "type", "confirm")  # a field tells the choices apart: what each names
    cards: list[Option] = []      # choices that use a card's ability: a menu, each with what the card does
    for c in choices:
        if not c.actions:  # "no, go back": a menu is simply left alone
            continue
        if len(c.actions) == 1 and ask.does_nothing(view, c.actions[0]):
            menus.append(_confirm("done", c.actions[0], view, lang))
        elif len(c.actions) == 1 and (said := text.ability_text(c.actions[0], lang)):
            cards.append(Option(ask.clip(c.label, 100), str(len(cards)), action=c.actions[0],
                                description=ask.clip(said, 100),
                                about=about(field, c.actions) if asked else about_action(c.actions[0])))
        elif len(c.actions) == 1:
            buttons.append(Button(ask.clip(c.label, 80), c.actions[0], style=_style(c.actions[0]),
                                  about=about(field, c.actions) if asked else about_action(c.actions[0])))
        elif len(c.actions) <= _BUTTONS_MAX or all(set(a) == {"type"} for a in c.actions):
            buttons += [Button(ask.clip(text.describe_action(a, view, lang), 80), a, style=_style(a),
                               about=about_action(a)) for a in c.actions]
        else:
            kind = str(c.actions[0].get("type"))
            menus.append(tree(_menu_key(kind), ask.type_label(kind, lang), c.actions, view, lang))
    if cards:
        menus.append(Menu("ability", t("bot_wotr.choose_card_ability", lang), cards))
    return menus + buttons


def tree(key: str, context: str, actions: list[dict], view: WotrView, lang: str) -> Menu:
    """A menu over `actions`: the next question's choices, each the action itself or a smaller menu
    (built only when chosen). `context` says what is being chosen ("Fly a Nazgûl · Barad-dûr"), for
    the placeholder."""
    field, choices = ask.step(view, actions, lang)
    if field == "confirm":
        return _confirm(key, actions[0], view, lang)
    if field == "die":
        placeholder = t("bot_wotr.choose_die", lang)
    elif field == "type":
        placeholder = context + "…"
    else:
        placeholder = t("bot_wotr.which", lang, what=context, field=ask.field_label(field, lang))
    options = []
    for i, c in enumerate(choices):
        if len(c.actions) == 1 and not ask.does_nothing(view, c.actions[0]):
            note = (c.note if c.note != c.label else "") or text.ability_text(c.actions[0], lang)  # what a card does
            options.append(Option(ask.clip(c.label, 100), str(i), action=c.actions[0], description=ask.clip(note, 100),
                                  about=about(field, c.actions) if field != "type" else about_action(c.actions[0])))
        elif c.actions:
            options.append(Option(ask.clip(c.label, 100), str(i), description=ask.clip(c.note, 100), menu=partial(
                tree, "s", ask.clip(f"{context} · {c.label}", 120), c.actions, view, lang),
                about=about(field if field != "type" else "card", c.actions)))
    return Menu(key, ask.clip(placeholder, 150), options)


def about(field: str, actions: list[dict]) -> About:
    """What a choice answering `field` over `actions` stands for on the board: the value they share (a die,
    a region, a card...), or the regions (an area, a page of them) or cards (a kind of action) it opens a
    choice among; () for anything else."""
    kind = _BOARD.get(field)
    if len(actions) == 1 and field not in actions[0]:  # a choice beside those the question tells apart
        return about_action(actions[0])
    values = [a.get(field) for a in actions]
    known = load().regions if kind == "region" else load().event_cards if kind == "card" else None
    if kind is None or not all(isinstance(v, str) and (known is None or v in known) for v in values) \
            or len(set(values)) > 1 and kind not in ("region", "card"):
        return ()
    return tuple((kind, v) for v in sorted({str(v) for v in values}))


def about_action(action: dict) -> About:
    """What one action stands for on the board when no question tells it apart: the card it plays, else
    the region it goes to or acts in (an army's destination, an attack's target)."""
    for field in ("card", "to", "region", "from"):
        if isinstance(action.get(field), str) and (said := about(field, [action])):
            return said
    return ()


def _confirm(key: str, action: dict, view: WotrView, lang: str) -> Menu:
    """An action that would do nothing (Done before anything moved), behind a menu asking to confirm."""
    return Menu(key, ask.clip(t("wotr_play.done_nothing", lang), 150), [
        Option(ask.clip(t("wotr_play.confirm_nothing", lang), 100), "0", action=action,
               description=ask.clip(t("wotr_play.confirm_question", lang), 100))])


def _menu_key(kind: str) -> str:
    key = "".join(c for c in kind.lower() if c in KEY_CHARS)[:40]
    return key or "x"


def _style(action: dict) -> str:
    kind = action.get("type")
    if kind in ("pass", "done", "reveal_stop", "end_fellowship_phase", "stay", "hold", "cease_battle"):
        return "secondary"
    return "primary"
