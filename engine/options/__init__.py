"""Each game's options, once: the keys, values and defaults its engine accepts, as plain data in
engine/options/<id>.py. The engine judges a table's options by them and the game's declaration
(games/<id>.py) builds its schema from them (adding flags, help and presets). They import nothing and sit
outside the game's rules package, so a declaration reading them loads no rules."""
