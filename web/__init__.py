"""The web table: every game's pages in the browser, live, served by the bot itself (docs/web.md)."""
