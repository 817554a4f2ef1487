"""The search syntax, shared by the catalogue page and the API's `q` (documented in README.md and docs/guide.md).

    canon                    free words: name and current text, any case, any accents
    "torre de fuego"         a phrase
    t:combat  pot>=5  -is:cross  (clase:bestia OR clase:espíritu)  order:pot dir:desc

Terms are ANDed; `OR` between terms, parentheses group, a leading `-` negates. Fields compare
against the card's current edition (ruling TERCERO). A malformed query raises SearchError with
a message for the player; it never reaches the database.

Without `order:`, the matches of a query with free words (or `name:`) are ranked by name first, as
Scryfall does: the exact name, then names that start with the words, then names holding every
word, then the cards that match in their text only; by name within each rank. The rank is an
expression in the queryset's ORDER BY, so pages and cached id lists keep it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, IntegerField, Q, Value, When
from django.db.models.expressions import OrderBy

from common.errors import SiteError
from engine import game_aliases
from engine.text import fold

MAX_QUERY = 500
MAX_TERMS = 40


class SearchError(SiteError):
    """A malformed query: its Spanish message (what the API answers), the message's code and its
    parameters (what a page shows in the reader's language, cards/messages.py). The message code
    is `message_code`, not SiteError's `code`: the API answers the message alone."""

    def __init__(self, message: str, code: str = "", /, **params: str | int) -> None:
        super().__init__(message)
        self.message_code = code
        self.params = params


@dataclass
class ParsedQuery:
    q: Q | None
    ordering: list[str | OrderBy] = field(default_factory=list)
    # Whether a field that depends on who searches (CONTEXT_FIELDS, e.g. `owned`) was used: then
    # the matches are the searcher's own and must not be shared with anyone else.
    personal: bool = False


TYPE_ALIASES = {
    "combat": "combat", "combate": "combat", "token": "token", "reaction": "reaction",
    "reaccion": "reaction", "summon": "summon", "invocacion": "summon", "entity": "entity",
    "ente": "entity", "entes": "entity", "element": "element", "elemento": "element", "elementos": "element",
}
SUBTYPE_ALIASES = {
    "ephemeral": "ephemeral", "efimera": "ephemeral", "attached": "attached", "adhesion": "attached",
    "field": "field", "campo": "field",
}
GAME_ALIASES = game_aliases()  # every game's slug and aliases (engine/games.py), the one table
NUMERIC = {
    "pot": "potential", "potential": "potential", "potencial": "potential",
    "res": "resistance", "resistance": "resistance", "resistencia": "resistance",
    "water": "water", "agua": "water", "air": "air", "aire": "air", "fire": "fire",
    "fuego": "fire", "earth": "earth", "tierra": "earth", "chest": "chest", "baul": "chest",
    "edition": "edition", "edicion": "edition",
}
ORDER = {
    "name": "name_folded", "nombre": "name_folded", "code": "code", "codigo": "code",
    "set": "set__code", "coleccion": "set__code", "released": "current__released",
    "fecha": "current__released", "cost": "min_cost", "coste": "min_cost",
    **{k: f"current__{v}" for k, v in NUMERIC.items()},
}
FIELD_NAMES = (
    "name/nombre, text/texto/o, code/codigo, t/type/tipo, class/clase, set/coleccion, game/juego, "
    "pot, res, cost/coste, sub/subtipo, agua, aire, fuego, tierra, chest/baul, artist/artista, "
    "fecha, is/es, has/tiene, order/orden, dir"
)

TOKEN = re.compile(
    r"""\s*(?:
        (?P<lpar>\() | (?P<rpar>\)) |
        (?P<term>-?(?:[^\s()"]+?(?:!=|<=|>=|[:=<>]))?(?:"[^"]*"?|[^\s()"]+))
    )""",
    re.VERBOSE,
)
FIELD = re.compile(r"^(?P<neg>-?)(?P<field>[^\s:=<>!\"]+)(?P<op>!=|<=|>=|[:=<>])(?P<value>.*)$", re.S)
OPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


# Fields that depend on who is searching (the collection's `owned`, `missing`): other apps
# register a handler(op, value, user) -> Q; the catalogue does not import them.
FieldHandler = Callable[[str, str, Any], Q]
CONTEXT_FIELDS: dict[str, FieldHandler] = {}


def register_field(names: tuple[str, ...], handler: FieldHandler) -> None:
    for name in names:
        CONTEXT_FIELDS[fold(name)] = handler


def parse_query(text: str, *, user: Any = None) -> ParsedQuery:
    text = (text or "").strip()
    if len(text) > MAX_QUERY:
        raise SearchError(f"La búsqueda es demasiado larga (máximo {MAX_QUERY} caracteres).", "search.too_long",
                          n=MAX_QUERY)
    tokens = _tokenize(text)
    parser = _Parser(tokens, user)
    q = parser.parse()
    return ParsedQuery(q, parser.ordering(), parser.personal)


def _tokenize(text: str) -> list[str]:
    tokens, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise SearchError(f"No se entiende la búsqueda a partir de «{text[pos:pos + 20]}».", "search.unreadable",
                              text=text[pos:pos + 20])
        tokens.append(m.group(m.lastgroup or "term").strip())
        pos = m.end()
    if len(tokens) > MAX_TERMS:
        raise SearchError(f"Demasiados términos (máximo {MAX_TERMS}).", "search.too_many_terms", n=MAX_TERMS)
    return [t for t in tokens if t]


class _Parser:
    def __init__(self, tokens: list[str], user: Any = None) -> None:
        self.tokens, self.pos, self.user = tokens, 0, user
        self.personal = False
        self.order: str | None = None
        self.direction = ""
        # Folded words the player typed for the name (free words, `name:`), for the ranking.
        self.name_words: list[str] = []

    def ordering(self) -> list[str | OrderBy]:
        if self.order:  # the player's own sort wins over the ranking
            return [f"{self.direction}{self.order}", "code"]
        if self.name_words:
            return [name_rank(self.name_words).asc(), "name_folded", "game", "code"]
        return []

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def parse(self) -> Q | None:
        q = self.or_expr()
        if self.peek() is not None:
            raise SearchError("Sobra un paréntesis de cierre «)».", "search.extra_close")
        return q

    def or_expr(self) -> Q | None:
        parts = [self.and_expr()]
        while (tok := self.peek()) is not None and tok.upper() == "OR":
            self.pos += 1
            parts.append(self.and_expr())
        if len(parts) > 1 and any(p is None for p in parts):
            raise SearchError("«OR» necesita un término a cada lado.", "search.or_sides")
        q = parts[0]
        for part in parts[1:]:
            q = q | part  # type: ignore[operator]
        return q

    def and_expr(self) -> Q | None:
        q: Q | None = None
        while (tok := self.peek()) is not None and tok != ")" and tok.upper() != "OR":
            term = self.unary()
            if term is not None:
                q = term if q is None else q & term
        return q

    def unary(self) -> Q | None:
        tok = self.tokens[self.pos]
        self.pos += 1
        if tok == "(":
            inner = self.or_expr()
            if self.peek() != ")":
                raise SearchError("Falta un paréntesis de cierre «)».", "search.missing_close")
            self.pos += 1
            if inner is None:
                raise SearchError("Los paréntesis están vacíos.", "search.empty_parens")
            return inner
        if tok == "-(":  # pragma: no cover - tokenizer yields "-" and "(" separately
            raise SearchError("Usa «-» delante de un término.", "search.minus")
        return self.term(tok)

    def term(self, tok: str) -> Q | None:
        m = FIELD.match(tok)
        if m:
            q = self.field_term(m["field"].lower(), m["op"], _unquote(m["value"]))
            return None if q is None else (~q if m["neg"] else q)
        negate = tok.startswith("-") and len(tok) > 1
        word = fold(_unquote(tok[1:] if negate else tok))
        if not word:
            return None
        if not negate:
            self.name_words.append(word)
        q = Q(text_folded__contains=word)
        return ~q if negate else q

    def field_term(self, name: str, op: str, value: str) -> Q | None:
        key = fold(name)
        if not value:
            raise SearchError(f"Falta el valor de «{name}{op}».", "search.missing_value", term=f"{name}{op}")
        if key in ("order", "orden", "sort"):
            self.order = _lookup(ORDER, value, "orden")
            return None
        if key == "dir":
            if fold(value) not in ("asc", "desc"):
                raise SearchError("«dir:» admite asc o desc.", "search.dir")
            self.direction = "-" if fold(value) == "desc" else ""
            return None
        if key in CONTEXT_FIELDS:
            self.personal = True
            return CONTEXT_FIELDS[key](op, value, self.user)
        if key in NUMERIC:
            return _numeric(f"current__{NUMERIC[key]}", op, value, name)
        if key in ("cost", "coste", "costo"):
            return _cost(op, value)
        if key in ("fecha", "date", "released"):
            return _compare("current__released", op, _date(value))
        if op not in (":", "=", "!="):
            raise SearchError(f"«{name}» no admite «{op}»; usa «:».", "search.operator", name=name, op=op)
        q = self._text_field(key, name, value)
        if key in ("name", "nombre", "n") and op != "!=":
            self.name_words.append(fold(value))
        return ~q if op == "!=" else q

    def _text_field(self, key: str, name: str, value: str) -> Q:
        folded = fold(value)
        if key in ("name", "nombre", "n"):
            return Q(name_folded__contains=folded)
        if key in ("text", "texto", "o"):
            return Q(text_folded__contains=folded)
        if key in ("code", "codigo"):
            return Q(code__iexact=value) if "*" not in value else Q(code__istartswith=value.rstrip("*"))
        if key in ("t", "type", "tipo"):
            return Q(type=_lookup(TYPE_ALIASES, value, "tipo"))
        if key in ("class", "clase", "c"):
            return Q(class_folded__contains=folded)
        if key in ("set", "s", "coleccion", "e"):
            return Q(set__code__iexact=value)
        if key in ("game", "juego", "g"):
            return Q(game=_lookup(GAME_ALIASES, value, "juego"))
        if key in ("sub", "subtype", "subtipo"):
            return Q(current__subtype=_lookup(SUBTYPE_ALIASES, value, "subtipo"))
        if key in ("artist", "artista", "a"):
            return Q(current__artist__icontains=value)
        if key in ("is", "es", "has", "tiene"):
            return _flag(folded)
        raise SearchError(f"Campo desconocido «{name}». Campos: {FIELD_NAMES}.", "search.unknown_field",
                          name=name, fields=FIELD_NAMES)


NAME_EXACT, NAME_PREFIX, NAME_WORDS, TEXT_ONLY = 0, 1, 2, 3


def name_rank(words: list[str]) -> Case:
    """How well a card's folded name answers the typed words (lower is better): the whole phrase
    is the name, starts it, or every word is in it; else the card matched through its text.
    Plain comparisons on `name_folded`, so SQLite and PostgreSQL rank alike."""
    phrase = " ".join(words)
    every = Q()
    for word in dict.fromkeys(phrase.split()):
        every &= Q(name_folded__contains=word)
    return Case(
        When(name_folded=phrase, then=Value(NAME_EXACT)),
        When(name_folded__startswith=phrase, then=Value(NAME_PREFIX)),
        When(every, then=Value(NAME_WORDS)),
        default=Value(TEXT_ONLY), output_field=IntegerField(),
    )


def _unquote(value: str) -> str:
    value = value.strip()
    if value.startswith('"'):
        value = value[1:]
        if value.endswith('"'):
            value = value[:-1]
    return value.strip()


# The word a lookup's error names (Spanish) → the slug of its message's code.
LOOKUP_CODES = {"orden": "order", "tipo": "type", "juego": "game", "subtipo": "subtype"}


def _lookup(table: dict[str, str], value: str, what: str) -> str:
    try:
        return table[fold(value).replace(" ", "")]
    except KeyError:
        options, slug = ", ".join(sorted(set(table))), LOOKUP_CODES[what]
        raise SearchError(f"Valor de {what} desconocido «{value}». Valores: {options}.", f"search.unknown_{slug}",
                          value=value, options=options) from None


def _number(value: str, name: str) -> int:
    if not re.fullmatch(r"\d{1,4}", value):
        raise SearchError(f"«{name}» necesita un número entero, no «{value}».", "search.integer", name=name,
                          value=value)
    return int(value)


def _compare(column: str, op: str, value: object) -> Q:
    if op == "!=":
        return ~Q(**{column: value})
    return Q(**{f"{column}__{OPS[op]}": value})


def _numeric(column: str, op: str, value: str, name: str) -> Q:
    return _compare(column, op, _number(value, name))


def _cost(op: str, value: str) -> Q:
    """An attack of the current edition costs `op value` (rule 6.a.IV: the number left of it)."""
    n = _number(value, "cost")
    if op in (":", "="):
        return Q(costs__contains=f"|{n}|")
    if op == "!=":
        return ~Q(costs__contains=f"|{n}|")
    column = "max_cost" if op in (">", ">=") else "min_cost"
    return Q(**{f"{column}__{OPS[op]}": n})


def _date(value: str) -> dt.date:
    try:
        if re.fullmatch(r"\d{4}", value):
            return dt.date(int(value), 1, 1)
        return dt.date.fromisoformat(value)
    except ValueError:
        raise SearchError(f"Fecha no válida «{value}» (AAAA-MM-DD).", "search.date", value=value) from None


FLAGS = {
    "cross": Q(current__cross=True), "cruz": Q(current__cross=True), "†": Q(current__cross=True),
    "errata": ~Q(current__errata=""), "image": ~Q(current__image=""), "imagen": ~Q(current__image=""),
    "unsimulated": Q(unsimulated=True), "nosimulada": Q(unsimulated=True),
    "simulated": Q(unsimulated=False), "simulada": Q(unsimulated=False),
    **{alias: Q(type=t) for alias, t in TYPE_ALIASES.items()},
    **{alias: Q(current__subtype=s) for alias, s in SUBTYPE_ALIASES.items()},
}


def register_flag(name: str, q: Q) -> None:
    """Other apps add flags (rulings: `has:rulings`) without this module importing them."""
    FLAGS[fold(name)] = q


def _flag(value: str) -> Q:
    if value not in FLAGS:
        options = ", ".join(sorted(FLAGS))
        raise SearchError(f"Valor desconocido «{value}» para is:/has:. Valores: {options}.", "search.unknown_flag",
                          value=value, options=options)
    return FLAGS[value]
