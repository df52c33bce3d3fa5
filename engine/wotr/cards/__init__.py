"""War of the Ring's event cards: their decks, playing them, the cards of each side, their combat halves
(the map of its modules is engine/wotr/__init__.py's)."""
