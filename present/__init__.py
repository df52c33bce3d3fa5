"""Game-specific text (no rules): how each game's actions, events and status read in fr/en.

Each game's module (present/<game>.py) satisfies games.protocols.Presenter; the platform reaches it
through the game's declaration (games/<game>.py). See docs/platform.md.
"""
