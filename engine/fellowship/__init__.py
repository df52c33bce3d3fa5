"""La Communauté (Kosmos 2001), the 3-4 player hobbits' race, on the kernel protocol (docs/fellowship.md)."""
from engine.fellowship.rules import RULES, FellowshipRules

__all__ = ["RULES", "FellowshipRules"]
