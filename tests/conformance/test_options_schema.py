"""Each game's options declared once, as data (games/options.py): the console's flags, the first check of
a table's options and the description come from the declaration, the engine stays the final judge, and
the declared values are the engine's own. (The bot's presets: tests/conformance/test_throwaway_game.py.)"""
from __future__ import annotations

import ast
import dataclasses
import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import games
import i18n
from games import Option, Options
from games.__main__ import describe
from table.console import parse
from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore
from tests.conformance import hidden_number

ID = hidden_number.ID
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def declared():
    hidden_number.declare()
    yield games.get(ID)
    hidden_number.withdraw()


def test_a_declared_game_gets_its_console_flags_from_its_options(declared, capsys):
    args = parse(["--game", ID, "--high", "5"])
    assert args.high == 5 and declared.options.from_arguments(args) == {"high": 5}
    assert declared.options.from_arguments(parse(["--game", ID])) == {}  # the default: nothing to say
    with pytest.raises(SystemExit):
        parse(["--game", ID, "--help"])
    assert "--high" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # outside the declared values: argparse refuses it
        parse(["--game", ID, "--high", "30"])


def test_console_help_lists_the_chosen_games_own_flags(capsys):
    for game, flag, other in (("confrontation", "--specials", "--left-out"), ("fellowship", "--left-out", "--mode"),
                              ("lcg", "--easy", "--side"), ("wotr", "--side", "--easy")):
        with pytest.raises(SystemExit):
            parse(["--game", game, "--help"])
        out = capsys.readouterr().out
        assert flag in out and other not in out, game


async def test_options_outside_the_schema_are_refused_and_the_engine_judges_last(declared, tmp_path, monkeypatch):
    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    seen: list[dict] = []
    engine_new_game = hidden_number.RULES.new_game
    monkeypatch.setattr(hidden_number.RULES, "new_game", lambda p, o, s: seen.append(o) or engine_new_game(p, o, s))
    try:
        for options in ({"high": 30}, {"colour": "red"}, {"high": "9"}):
            with pytest.raises(TableError) as e:
                await service.create(1, None, ID, options, "ann", "en")
            assert e.value.code == "bad_options" and e.value.params == {"detail": "bad_option"}
        assert seen == []  # refused by the schema, before the engine saw them
        # A schema wider than the engine: the engine still refuses (it accepts 3 to 20).
        games.unregister(ID)
        games.register(dataclasses.replace(declared, options=Options((Option("high", tuple(range(3, 31)), 9),))))
        with pytest.raises(TableError) as e:
            await service.create(1, None, ID, {"high": 25}, "ann", "en")
        assert e.value.code == "bad_options" and seen == [{"high": 25}]
        assert service.table(1) is None
    finally:
        await service.close()


def test_each_declaration_declares_every_option_its_engine_takes_with_the_engines_default():
    """The values come from one place (engine/options/<id>.py); the keys a declaration lists must be the
    engine's, each declared with what the engine plays without it, and War of the Ring's seats its own."""
    for game in ("confrontation", "fellowship", "lcg"):
        declared = games.get(game).options
        assert {o.key: o.default for o in declared.options} == import_module(f"engine.options.{game}").DEFAULTS
    assert dict(games.get("wotr").options.sides) == import_module("engine.options.wotr").SEATS


def test_the_options_import_nothing_and_the_declarations_load_no_rules():
    """engine/options/<id>.py is plain data, so a declaration reading it loads no engine (the bot and the
    console start without every game's rules; a table loads its game's when it needs them)."""
    for path in sorted((ROOT / "engine" / "options").glob("*.py")):
        imports = [n for n in ast.walk(ast.parse(path.read_text("utf-8"))) if isinstance(n, ast.Import | ast.ImportFrom)]
        assert [getattr(n, "module", None) for n in imports] in ([], ["__future__"]), path.name
    loaded = subprocess.run([sys.executable, "-c", "import sys, games; games.declared(); "
                             "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('engine.')}))"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['kernel', 'options']"


def test_every_declared_preset_is_a_game_its_engine_starts():
    for game in games.declared():
        rules = game.rules()
        for _key, preset in game.presets():
            for players in range(game.seats[0], game.seats[1] + 1):
                rules.new_game([f"p{i}" for i in range(players)], json.loads(json.dumps(preset)), 1)


def test_no_bot_or_table_module_imports_an_engines_internals():
    """bot/ and table/ reach a game through its declaration: only engine/'s package and its kernel."""
    wrong = []
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "table").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            wrong += [f"{path.relative_to(ROOT)}: {n}" for n in names
                      if n.startswith("engine.") and n != "engine.kernel"]
    assert wrong == []


def test_a_declaration_brings_its_own_texts_folder(declared, tmp_path):
    for lang, text in (("en", "Hello from a folder"), ("fr", "Bonjour d'un dossier")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "hidden_extra.json").write_text(json.dumps({"hello": text}), "utf-8")
    (tmp_path / "en" / "hidden_more.json").write_text(json.dumps({"bye": "Bye"}), "utf-8")
    with pytest.raises(ValueError, match="fr lacks 'hidden_more.bye'"):  # French and English hold the same keys
        games.register(dataclasses.replace(declared, id="hidden_texts", texts=tmp_path))
    games.unregister("hidden_texts")
    (tmp_path / "fr" / "hidden_more.json").write_text(json.dumps({"bye": "Au revoir"}), "utf-8")
    games.register(dataclasses.replace(declared, id="hidden_texts", texts=tmp_path))
    try:
        assert i18n.t("hidden_extra.hello", "en") == "Hello from a folder"
        assert i18n.t("hidden_extra.hello", "fr") == "Bonjour d'un dossier"
    finally:
        games.unregister("hidden_texts")
        i18n.remove_folder(tmp_path)
    assert not i18n.has("hidden_extra.hello", "en")


def test_the_options_description_is_read_from_the_declarations(declared):
    text = describe()
    assert f"## {ID}" in text and "`high` (--high): 3 | 4 |" in text and "`quick`: high=3" in text
    assert "- seats: 2 players: free_peoples, shadow;" in text  # War of the Ring's
