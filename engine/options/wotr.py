"""War of the Ring takes no options: the number of players chooses the seats, in table order (a seat is a
side in the 2-player game; engine/wotr/seats.py says what each seat plays)."""
from __future__ import annotations

SEATS = {2: ("free_peoples", "shadow"), 3: ("free_peoples", "witch_king", "saruman"),
         4: ("gondor", "rohan", "witch_king", "saruman")}
