"""`lotr-bot`: run the Discord bot (configuration: .env.example, docs/bot.md)."""
from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings
from i18n import t


def settings_errors(exc: ValidationError) -> str:
    """What is wrong, by setting, without the values read: pydantic's own text quotes its whole input,
    which holds the Discord token and the database URL."""
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}"
                     for e in exc.errors(include_url=False, include_input=False, include_context=False))


def web_flag(settings: Settings) -> list[str]:
    """The console's game also in a browser, on the web table's port, unless the settings turn it off."""
    return [] if settings.web_port == "off" else ["--web", str(settings.web_port)]


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        settings = Settings()
    except ValidationError as exc:
        print(t("bot.cli.bad_settings", "en", detail=settings_errors(exc)), file=sys.stderr)
        return 2
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if not token:
        if sys.stdin.isatty() and sys.stdout.isatty():
            # Someone trying the project without Discord: give them a game right away.
            print(t("bot.cli.local_game", settings.default_language))
            from table.console import main as console

            return console(["--vs", "random", "--lang", settings.default_language, *web_flag(settings)])
        print(t("bot.cli.no_token", settings.default_language), file=sys.stderr)
        return 2
    from bot.client import GameMasterBot  # imported late: the message above must work without Discord

    # Worker threads (engine steps, texts) hand the interpreter lock back to the event loop sooner than
    # the default 5 ms, so acknowledgements are not held behind them.
    sys.setswitchinterval(0.001)
    client = GameMasterBot(settings)
    client.run(token, log_handler=None)  # logging is configured above; the token is never logged
    return 0


if __name__ == "__main__":
    sys.exit(main())
