"""A game's options as data on its declaration (`Game.options`): what a table can be created with, the
sets of them the bot offers, the seats a player can pick. The platform derives from it the Discord
presets and their autocomplete (bot/commands/lobby.py), lotr-console's flags (`--game X --help`), the
first check of a table's options (table/service.py) and the options' description (`python -m games`).
The engine stays the final judge: a table's options pass this schema, then a dry `new_game`.

Nothing here imports an engine: a declaration writes its values out, and
tests/conformance/test_options_schema.py checks that they are the engine's own.
"""
from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class OptionError(ValueError):
    """Options outside the schema; `key` is the option at fault."""

    def __init__(self, key: str, value: Any = None):
        super().__init__(f"option {key!r}: {str(value)[:60]}")
        self.key = key


@dataclass(frozen=True)
class Option:
    """One option, under `key` in a table's options. Its kind follows its default: a bool is on or off
    (a console switch), an int a number, otherwise one of `values` (all of them, as a list, when `many`).
    No `values` and no default: any value, judged by the engine alone (a player's deck)."""

    key: str
    values: tuple[Any, ...] = ()
    default: Any = None  # what the engine plays when the option is not given (None: nothing)
    flag: str | None = None  # lotr-console's flag ("--mode"); None: not a console flag
    help: str = ""
    many: bool = False  # a list of `values`, in their order (a campaign's scenarios)

    def check(self, value: Any) -> None:
        if self.many:
            if not isinstance(value, list) or not value or any(v not in self.values for v in value):
                raise OptionError(self.key, value)
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(self.key, value)
        elif self.values and value not in self.values:
            raise OptionError(self.key, value)

    def add_flag(self, parser: argparse.ArgumentParser) -> None:
        if self.flag is None:
            return
        dest = self.key
        if isinstance(self.default, bool):  # a switch: given, it turns the option on
            parser.add_argument(self.flag, dest=dest, action="store_true", help=self.help)
        elif isinstance(self.default, int):
            parser.add_argument(self.flag, dest=dest, type=int, default=self.default,
                                choices=self.values or None, help=self.help)
        else:
            parser.add_argument(self.flag, dest=dest, choices=self.values or None, default=self.default,
                                help=self.help)


@dataclass(frozen=True)
class Preset:
    """A set of options offered by `/lotr create` (its label: the game's controls' `preset_label`)."""

    key: str
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)  # (a Game stays hashable)


STANDARD = (Preset("standard"),)


@dataclass(frozen=True)
class Options:
    """Every option a game takes, the presets the bot offers (the first is the default) and the seats a
    player can pick by number of players (`sides`; none: seats are taken in joining order)."""

    options: tuple[Option, ...] = ()
    presets: tuple[Preset, ...] = STANDARD
    sides: Mapping[int, tuple[str, ...]] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        for preset in self.presets:
            self.check(dict(preset.options))

    def option(self, key: str) -> Option:
        return next(o for o in self.options if o.key == key)

    def check(self, options: dict) -> None:
        """Refuse a key the game does not declare, or a value outside its option's (OptionError)."""
        declared = {o.key: o for o in self.options}
        for key, value in options.items():
            if key not in declared:
                raise OptionError(key, value)
            declared[key].check(value)

    def preset_options(self) -> list[tuple[str, dict]]:
        return [(p.key, dict(p.options)) for p in self.presets]

    def seats(self, players: int) -> tuple[str, ...]:
        """The seats in table order for this many players (seat i is table.players[i]); () if none."""
        return tuple(self.sides.get(players, ()))

    def all_seats(self) -> list[str]:
        return list(dict.fromkeys(s for seats in self.sides.values() for s in seats))

    def add_arguments(self, parser: argparse.ArgumentParser, players: int) -> None:
        """lotr-console's flags for these options, and --side when a player can pick a seat."""
        if self.seats(players):
            parser.add_argument("--side", choices=self.seats(players), default=self.seats(players)[0],
                                help="the side you play")
        for option in self.options:
            option.add_flag(parser)

    def from_arguments(self, args: argparse.Namespace) -> dict:
        """The options the console's flags set: each flag given a value other than the engine's default."""
        out = {}
        for option in self.options:
            value = getattr(args, option.key, None) if option.flag else None
            if value is not None and value != option.default:
                out[option.key] = value
        return out

    def describe(self) -> list[str]:
        """The options in a few Markdown lines (`python -m games`)."""
        def value(v: Any) -> str:
            return ("on" if v else "off") if isinstance(v, bool) else str(v)

        lines = [f"- `{o.key}`" + (f" ({o.flag})" if o.flag else "")
                 + (f": {' | '.join(map(str, o.values))}" + (", several in order" if o.many else "") if o.values
                    else ": on/off" if isinstance(o.default, bool) else ": any value, checked by the engine")
                 + ("" if o.default is None else f"; default {value(o.default)}") + (f"; {o.help}" if o.help else "")
                 for o in self.options]
        lines.append("- presets (/lotr create):")
        lines += [f"  - `{p.key}`" + (": " + ", ".join(f"{k}={value(v)}" for k, v in p.options.items())
                                     if p.options else "") for p in self.presets]
        if self.sides:
            lines.append("- seats: " + "; ".join(f"{n} players: {', '.join(s)}" for n, s in sorted(self.sides.items())))
        return lines
