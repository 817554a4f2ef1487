"""Deck lists as text (docs/contract.md §3): parse into lines, format entries back.

Parsing never raises on any text: whatever is not a header, a comment, a blank
line or a card line becomes a :class:`ParseError` carrying its line number.

>>> parsed = parse_decklist("Mazo:\\n2x Cañón de hielo (TST-105)\\n", "eliria")
>>> parsed.lines[0]
ListLine(line=2, section='main', quantity=2, name='Cañón de hielo', code='TST-105')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .cards import CardData, Game, as_game
from .errors import InvalidDeck
from .text import fold

__all__ = [
    "HEADERS",
    "MAX_QUANTITY",
    "SECTIONS",
    "DeckEntry",
    "ListLine",
    "ParseError",
    "ParsedList",
    "format_decklist",
    "parse_decklist",
]

MAX_QUANTITY = 999
V = TypeVar("V")

class _Registry(Mapping[Game, V], Generic[V]):
    """A read-only view of one field of each game's record in :mod:`engine.games` (read lazily:
    the registry imports this module)."""

    def __init__(self, field_name: str) -> None:
        self._field = field_name

    def __getitem__(self, game: Game) -> V:
        from .games import GAMES

        value: V = getattr(GAMES[game], self._field)
        return value

    def __iter__(self) -> Iterator[Game]:
        return iter(Game)

    def __len__(self) -> int:
        return len(Game)


# Section keys per game, in the order the export writes them (engine.games.GameSpec.sections).
SECTIONS: Mapping[Game, tuple[str, ...]] = _Registry("sections")


class _Headers(Mapping[str, str]):
    """Spanish header written by the export, for each section key of any game."""

    def __getitem__(self, key: str) -> str:
        for game in Game:
            headers = _HEADERS[game]
            if key in headers:
                return headers[key]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter([k for game in Game for k in _HEADERS[game]])

    def __len__(self) -> int:
        return sum(len(_HEADERS[game]) for game in Game)


_HEADERS: Mapping[Game, Mapping[str, str]] = _Registry("headers")
HEADERS: Mapping[str, str] = _Headers()
# Folded header text (without the colon) -> section key, per game.
_HEADER_KEYS: Mapping[Game, Mapping[str, str]] = _Registry("header_keys")

_QUANTITY = re.compile(r"([0-9]+)[xX×]?(?:\s+|$)")
# A signed count (-1, +2, −1 with a minus sign) is a mistake, not a card named "-1 …".
_SIGNED_QUANTITY = re.compile(r"[-+\u2212]\s*[0-9]+[xX×]?(?:\s+|$)")
_TRAILING_PARENS = re.compile(r"\(([^()]*)\)\s*$")
# A code is ASCII letters and digits, with - . _ / inside (SET-105, PROMO-010, A1.2/3).
_CODE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._/-]*[A-Za-z0-9])?", re.ASCII)


@dataclass(frozen=True)
class ListLine:
    """One card line of a list, before the card is looked up."""

    line: int
    section: str | None  # None: Misión line before any header (placed by card type)
    quantity: int
    name: str
    code: str | None


@dataclass(frozen=True)
class ParseError:
    """A line that could not be read; the message is in Spanish."""

    line: int
    message: str


@dataclass(frozen=True)
class ParsedList:
    lines: tuple[ListLine, ...]
    errors: tuple[ParseError, ...]


@dataclass(frozen=True)
class DeckEntry:
    """A resolved line of a deck. ``line`` (where it came from) is not part of equality."""

    section: str
    quantity: int
    card: CardData
    line: int | None = field(default=None, compare=False)


def parse_decklist(text: str, game: Game | str) -> ParsedList:
    """Read a deck list; never raises on any text (a bad *game* raises UnknownGame)."""
    the_game = as_game(game)
    section: str | None = "main" if the_game is Game.ELIRIA else None
    lines: list[ListLine] = []
    errors: list[ParseError] = []
    # Split on newlines only: str.splitlines() also splits on \x1c, \u2028…, which
    # would shift line numbers away from what an editor shows.
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.endswith(":"):
            key = _header_key(stripped, the_game)
            if key is None:
                errors.append(ParseError(number, _bad_header_message(number, stripped, the_game)))
            else:
                section = key
            continue
        parsed = _card_line(number, stripped, section)
        if isinstance(parsed, ParseError):
            errors.append(parsed)
        else:
            lines.append(parsed)
    return ParsedList(tuple(lines), tuple(errors))


def _header_key(stripped: str, game: Game) -> str | None:
    return _HEADER_KEYS[game].get(fold(stripped[:-1]))


def _bad_header_message(number: int, stripped: str, game: Game) -> str:
    expected = " o ".join(f"«{HEADERS[key]}»" for key in SECTIONS[game])
    other = Game.MISION if game is Game.ELIRIA else Game.ELIRIA
    if _header_key(stripped, other) is not None:
        return (
            f"Línea {number}: «{stripped}» es un encabezado de {other.label}, "
            f"no de {game.label}; usa {expected}."
        )
    return f"Línea {number}: «{stripped}» no es un encabezado de {game.label}; usa {expected}."


def _card_line(number: int, stripped: str, section: str | None) -> ListLine | ParseError:
    """Read ``[N[x]] NAME [(CODE)]``."""
    if _SIGNED_QUANTITY.match(stripped):
        return ParseError(number, f"Línea {number}: la cantidad debe ser un número de copias sin signo (1 a {MAX_QUANTITY}).")
    quantity, rest = 1, stripped
    match = _QUANTITY.match(stripped)
    if match:
        digits = match.group(1)
        # Checked on the digits before int(): int() refuses strings over 4,300 digits.
        if len(digits.lstrip("0")) > len(str(MAX_QUANTITY)) or int(digits) > MAX_QUANTITY:
            return ParseError(
                number, f"Línea {number}: la cantidad {digits[:12]} es absurda (máximo {MAX_QUANTITY})."
            )
        quantity, rest = int(digits), stripped[match.end() :]
        if quantity == 0:
            return ParseError(number, f"Línea {number}: la cantidad debe ser al menos 1.")
    code: str | None = None
    parens = _TRAILING_PARENS.search(rest)
    if parens:
        inner = parens.group(1).strip()
        if not inner:
            return ParseError(number, f"Línea {number}: el código entre paréntesis está vacío.")
        if _CODE.fullmatch(inner):
            code, rest = inner, rest[: parens.start()]
    name = " ".join(rest.split())
    if not name:
        return ParseError(number, f"Línea {number}: falta el nombre de la carta.")
    return ListLine(number, section, quantity, name, code)


def format_decklist(entries: Sequence[DeckEntry], game: Game | str) -> str:
    """Write entries as ``N NAME (CODE)`` lines under Spanish headers (docs/contract.md §3).

    Sections in the game's order, empty ones omitted, a blank line between
    sections and a trailing newline (an empty deck gives "").
    """
    the_game = as_game(game)
    order = SECTIONS[the_game]
    blocks: dict[str, list[str]] = {key: [] for key in order}
    for entry in entries:
        if entry.section not in blocks:
            raise InvalidDeck(f"Sección {entry.section!r} desconocida en {the_game.label}.")
        name = " ".join(entry.card.name.split())
        blocks[entry.section].append(f"{entry.quantity} {name} ({entry.card.code})")
    parts = ["\n".join([HEADERS[key], *blocks[key]]) for key in order if blocks[key]]
    return "\n\n".join(parts) + "\n" if parts else ""
