"""La Communauté's one option: the hobbit who stays home in a 3-player game."""
from __future__ import annotations

LEFT_OUT = ("pippin", "merry")
# Every option the engine takes, with its values and what it plays when the option is not given.
OPTIONS = {"left_out": LEFT_OUT}
DEFAULTS = {"left_out": LEFT_OUT[0]}
