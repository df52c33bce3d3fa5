"""Each game's card pictures for /card (games.protocols.CardSpecs): what a card of that game shows."""
