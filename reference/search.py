"""Autocomplete and search over the rules reference and over every card of every game.

    autocomplete(query, lang, game=None, limit=25) -> [(value, label)]   value = "<game>:<entry id>"
    lookup(entry_id) -> entry | None
    card_autocomplete(query, lang, game=None, limit=25) -> [(value, label)] value = "<game>:<card id>"
    card_lookup(card_id) -> card | None

Matching ignores case and accents (Unicode NFKD, combining marks dropped, œ/æ spelt out), splits on
anything that is not a letter or a digit, and accepts small typos: a query word matches an indexed
word exactly, as a prefix (the word being typed), or within an edit distance of 1 (words of 4+ letters)
or 2 (words of 7+ letters; transpositions count as one edit). Every query word must match for a result
to rank first; results matching only some words come after. Titles weigh most, then keywords, then the
rulebook section, then words of the texts.

The indexes are built once, at import, so a request only does dictionary look-ups (see
bench/bench_reference.py for the p99 time of one request).
"""
from __future__ import annotations

import bisect
import json
import re
import unicodedata
from dataclasses import dataclass, field

import games
import reference
from i18n import t
from reference import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX, GAMES, LANGS, lookup
from reference.cards import CARDS_DIR, both, text_pair, words_pair

__all__ = ["autocomplete", "card_autocomplete", "card_lookup", "cards", "cards_named_in", "lookup", "normalise",
           "words"]

_SPECIAL = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "ø": "o", "Ø": "o",
                          "đ": "d", "ł": "l", "’": "'", "ı": "i"})
_WORD = re.compile(r"[a-z0-9]+")
# Words too common to help (they still count when they are the whole query).
_STOP = {
    "en": {"the", "a", "an", "of", "to", "in", "on", "and", "or", "is", "it", "its", "at", "by", "for",
           "be", "as", "if", "with", "that", "this", "from", "are", "can", "his", "her", "their"},
    "fr": {"le", "la", "les", "de", "des", "du", "d", "l", "un", "une", "et", "ou", "a", "au", "aux", "en",
           "est", "il", "elle", "se", "sa", "son", "ses", "qui", "que", "ne", "pas", "par", "pour", "sur",
           "dans", "s", "n", "qu", "y"},
}
W_TITLE, W_KEYWORD, W_SECTION, W_TEXT = 10.0, 6.0, 3.0, 1.0
Q_EXACT, Q_PREFIX, Q_TYPO1, Q_TYPO2 = 1.0, 0.8, 0.6, 0.4


def normalise(text: str) -> str:
    """Lowercase, accents and ligatures removed."""
    text = unicodedata.normalize("NFKD", text.translate(_SPECIAL).lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _distance(a: str, b: str, cap: int) -> int:
    """Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), > cap
    returned as cap + 1."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev2 = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > cap:
            return cap + 1
        prev2, prev = prev, cur
    return prev[-1]


def _allowed_typos(word: str) -> int:
    return 0 if len(word) < 4 else (1 if len(word) < 7 else 2)


@dataclass
class _Index:
    """One language's index over a list of documents (entries or cards)."""
    docs: list[tuple[str, str, str]] = field(default_factory=list)     # (value, label, game)
    postings: dict[str, dict[int, float]] = field(default_factory=dict)
    vocab: list[str] = field(default_factory=list)                     # sorted, for prefixes
    neighbours: dict[str, list[str]] = field(default_factory=dict)     # 1-delete -> words
    _memo: dict[tuple[str, bool], list[tuple[str, float]]] = field(default_factory=dict)

    def add(self, value: str, label: str, game: str, fields: list[tuple[str, float]]) -> None:
        doc = len(self.docs)
        self.docs.append((value, label, game))
        for text, weight in fields:
            for w in words(text):
                post = self.postings.setdefault(w, {})
                if post.get(doc, 0.0) < weight:
                    post[doc] = weight

    def freeze(self) -> None:
        self.vocab = sorted(self.postings)
        for w in self.vocab:
            if len(w) >= 4:
                for d in _deletes(w) | {w}:
                    self.neighbours.setdefault(d, []).append(w)

    def expand(self, q: str, prefix: bool) -> list[tuple[str, float]]:
        """Indexed words matching query word `q`, with a quality in (0, 1]."""
        memo_key = (q, prefix)
        if memo_key in self._memo:
            return self._memo[memo_key]
        found: dict[str, float] = {}
        if q in self.postings:
            found[q] = Q_EXACT
        if prefix and q:
            i = bisect.bisect_left(self.vocab, q)
            n = 0
            while i < len(self.vocab) and self.vocab[i].startswith(q) and n < 200:
                w = self.vocab[i]
                found.setdefault(w, Q_PREFIX * (0.9 + 0.1 * len(q) / len(w)))
                i += 1
                n += 1
        cap = _allowed_typos(q)
        if cap:
            candidates: set[str] = set()
            for d in _deletes(q) | {q}:
                candidates.update(self.neighbours.get(d, ()))
            for w in candidates:
                if w in found:
                    continue
                dist = _distance(q, w, cap)
                if dist <= cap:
                    found[w] = Q_TYPO1 if dist == 1 else Q_TYPO2
            # A typo in the word being typed: compare with prefixes of the same length.
            if prefix and len(q) >= 5:
                for d in _deletes(q) | {q}:
                    i = bisect.bisect_left(self.vocab, d[:3])
                    while i < len(self.vocab) and self.vocab[i].startswith(d[:3]):
                        w = self.vocab[i]
                        if w not in found and len(w) > len(q) and _distance(q, w[:len(q)], 1) <= 1:
                            found[w] = Q_TYPO2
                        i += 1
                    break
        out = sorted(found.items(), key=lambda kv: -kv[1])[:60]
        if len(self._memo) > 20000:
            self._memo.clear()
        self._memo[memo_key] = out
        return out

    def search(self, query: str, lang: str, game: str | None, limit: int,
               order: list[int]) -> list[tuple[str, str]]:
        limit = max(0, min(int(limit), CHOICES_MAX))
        q_words = words(query)[:12]
        if not q_words:
            picks = [d for d in order if game is None or self.docs[d][2] == game][:limit]
            return [self.docs[d][:2] for d in picks]
        trailing_space = query[-1:].isspace()
        meaningful = [w for w in q_words if w not in _STOP.get(lang, ())] or q_words
        scores: dict[int, float] = {}
        hits: dict[int, int] = {}
        for n, q in enumerate(meaningful):
            is_last = n == len(meaningful) - 1 and not trailing_space and q == q_words[-1]
            best: dict[int, float] = {}
            for w, quality in self.expand(q, is_last or len(q) >= 3):
                for doc, weight in self.postings[w].items():
                    s = weight * quality
                    if s > best.get(doc, 0.0):
                        best[doc] = s
            for doc, s in best.items():
                scores[doc] = scores.get(doc, 0.0) + s
                hits[doc] = hits.get(doc, 0) + 1
        if game is not None:
            scores = {d: s for d, s in scores.items() if self.docs[d][2] == game}
        rank = {d: i for i, d in enumerate(order)}
        ranked = sorted(scores, key=lambda d: (-hits[d], -round(scores[d], 6), len(self.docs[d][1]), rank.get(d, 0)))
        return [self.docs[d][:2] for d in ranked[:limit]]


def _clip(text: str, limit: int = CHOICE_NAME_MAX) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _entry_label(entry: dict, lang: str) -> str:
    return _clip(f"{entry['title'][lang]} — {t('reference.short_' + entry['game'], lang)}")


def _build_rules_index(lang: str) -> tuple[_Index, list[int]]:
    index = _Index()
    for entry in reference.all_entries():
        value = reference.key(entry)
        fields = [(entry["title"][lang], W_TITLE), (entry["id"].replace("_", " "), W_KEYWORD),
                  (entry["section"], W_SECTION), (entry["short"][lang], W_TEXT * 1.5),
                  (entry["detail"][lang], W_TEXT)]
        fields += [(k, W_KEYWORD) for k in entry["keywords"].get(lang, [])]
        # The other language's title and keywords, lightly: players mix English card names into French.
        other = "fr" if lang == "en" else "en"
        fields.append((entry["title"][other], W_SECTION))
        fields += [(k, W_SECTION) for k in entry["keywords"].get(other, [])]
        index.add(value[:CHOICE_VALUE_MAX], _entry_label(entry, lang), entry["game"], fields)
    index.freeze()
    order = list(range(len(index.docs)))
    return index, order


# ----------------------------------------------------------------------------------------------------
# Cards: every component of every game, read from cards/*.json.
#
# Common shape (any cards/<game>.json may use it, and the card index reads it with no code change):
#   {"cards": {"<card id>": {"name": {"en", "fr"}, "kind": {"en", "fr"} or "<kind>",
#                            "text": {"en", "fr"}, "keywords": {"en": [], "fr": []}, ...}}}
# A game whose file has its own layout says how to read it in its declaration (games/<id>.py
# rules_cards: reference/cards/<id>.py).
# ----------------------------------------------------------------------------------------------------
def _generic_cards(data: dict) -> dict[str, dict]:
    """The common shape: {"cards": {id: {"name", "kind"/"type", "text", "keywords", "label"?}}}."""
    out: dict[str, dict] = {}
    table = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        return out
    for cid, c in table.items():
        if not isinstance(c, dict) or "name" not in c:
            continue
        name = text_pair(c["name"], str(cid))
        kind = text_pair(c.get("kind", c.get("type", "")))
        text = text_pair(c.get("text"))
        label = c.get("label") if isinstance(c.get("label"), dict) else \
            both(f"{name['en']} — {kind['en']}".rstrip(" —"), f"{name['fr']} — {kind['fr']}".rstrip(" —"))
        out[str(cid)] = dict(c, name=name, kind=kind, text=text, label=text_pair(label),
                             keywords=words_pair(c.get("keywords", "")))
    return out


def _load_cards() -> dict[str, dict]:
    """"<game>:<card id>" -> card (common shape, plus "game" and "id")."""
    out: dict[str, dict] = {}
    if not CARDS_DIR.is_dir():
        return out
    for path in sorted(CARDS_DIR.glob("*.json")):
        game = path.stem
        if game not in GAMES:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        declared = games.find(game)
        adapter = declared.rules_cards().index_cards if declared and declared.rules_cards else _generic_cards
        try:
            table = adapter(data)
        except (KeyError, TypeError, AttributeError, ValueError):
            try:
                table = _generic_cards(data)
            except (KeyError, TypeError, AttributeError, ValueError):
                table = {}
        for cid, card in table.items():
            card = dict(card, game=game, id=cid)
            out[f"{game}:{cid}"] = card
    return out


def _related_entries() -> dict[str, list[str]]:
    rel: dict[str, list[str]] = {}
    for entry in reference.all_entries():
        for cid in entry["cards"]:
            rel.setdefault(cid, []).append(reference.key(entry))
    return rel


def _build_card_index(lang: str, table: dict[str, dict]) -> tuple[_Index, list[int]]:
    index = _Index()
    for cid, card in table.items():
        other = "fr" if lang == "en" else "en"
        fields = [(card["name"][lang], W_TITLE), (card["name"][other], W_KEYWORD),
                  (card["kind"][lang], W_SECTION), (card["keywords"][lang], W_SECTION),
                  (card["text"][lang], W_TEXT)]
        index.add(cid, _clip(card["label"][lang]), card["game"], fields)
    index.freeze()
    return index, list(range(len(index.docs)))


_RULES = {lang: _build_rules_index(lang) for lang in LANGS}
_CARDS = _load_cards()
_CARD_RULES = _related_entries()
for _cid, _card in _CARDS.items():
    _card["rules"] = list(_CARD_RULES.get(_cid, []))
    for _kw in _card.get("rules_keywords", []):
        _key = f"{_card['game']}:{_kw}"
        if reference.lookup(_key) is not None and _key not in _card["rules"]:
            _card["rules"].append(_key)
_CARD_INDEX = {lang: _build_card_index(lang, _CARDS) for lang in LANGS}


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


def autocomplete(query: str, lang: str = "en", game: str | None = None,
                 limit: int = CHOICES_MAX) -> list[tuple[str, str]]:
    """Up to `limit` (at most 25) rules topics for what the user has typed: (value, label) pairs, the
    value being "<game>:<entry id>" and the label at most 100 characters."""
    if not isinstance(query, str):
        query = ""
    index, order = _RULES[_lang(lang)]
    return index.search(query[:200], _lang(lang), game if game in GAMES else None, limit, order)


def card_autocomplete(query: str, lang: str = "en", game: str | None = None,
                      limit: int = CHOICES_MAX) -> list[tuple[str, str]]:
    """Up to 25 cards or components: (value "<game>:<card id>", label ≤ 100 characters)."""
    if not isinstance(query, str):
        query = ""
    index, order = _CARD_INDEX[_lang(lang)]
    return index.search(query[:200], _lang(lang), game if game in GAMES else None, limit, order)


def card_lookup(card_id: str) -> dict | None:
    """A card in the common shape (name, kind, text, label, keywords, game, id, rules: entry keys)."""
    if not isinstance(card_id, str):
        return None
    return _CARDS.get(card_id.strip())


def cards(game: str | None = None) -> dict[str, dict]:
    return {k: v for k, v in _CARDS.items() if game is None or v["game"] == game}


# A card is named in a text when its whole name, in either language, stands there as words (names of one
# short word are left out: "Hope" or "Ours" would match ordinary sentences).
_NAMED_MIN_CHARS = 5


def _card_names() -> list[tuple[tuple[str, ...], list[str]]]:
    """(the words of a name, the keys of the cards of that name in any game), longest names first, so
    "Gandalf the White" wins over "Gandalf"."""
    keys: dict[tuple[str, ...], set[str]] = {}
    for key, card in _CARDS.items():
        for lang in LANGS:
            ws = tuple(words(card["name"][lang]))
            if len(ws) > 1 or len("".join(ws)) >= _NAMED_MIN_CHARS:
                keys.setdefault(ws, set()).add(key)
    return sorted(((name, sorted(ks)) for name, ks in keys.items()), key=lambda item: (-len(item[0]), item[0]))


_NAMES = _card_names()


def cards_named_in(text: str, limit: int = 5) -> list[str]:
    """The keys of the cards whose names appear in `text` (a message), in their order of appearance
    (every game's card of that name); a stretch of words names one name at most, the longest that fits."""
    ws = words(text[:4000]) if isinstance(text, str) else []
    found: dict[int, list[str]] = {}  # start word -> keys
    taken = [False] * len(ws)
    for name, keys in _NAMES:
        n = len(name)
        for i in range(len(ws) - n + 1):
            if tuple(ws[i:i + n]) == name and not any(taken[i:i + n]):
                found[i] = keys
                taken[i:i + n] = [True] * n
    out: list[str] = []
    for i in sorted(found):
        out += [key for key in found[i] if key not in out]
    return out[:limit]
