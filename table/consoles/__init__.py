"""Each game's console hooks (games/protocols.py ConsoleHooks): its own flags, its options and the
screen a player sees in lotr-console (table/console.py)."""
