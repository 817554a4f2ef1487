"""Deck lists as text (docs/contract.md §3): read into lines, write entries back.

The reader takes a game's sections and headers from the record its caller holds
(:class:`engine.games.GameSpec`, any :class:`ListFormat`); ``engine.parse_decklist`` and
``engine.format_decklist`` find that record by the game's slug. Reading never raises on any
text: whatever is not a header, a comment, a blank line or a card line becomes a
:class:`ParseError` carrying its line number.

>>> from engine.games import find_game
>>> parsed = read_decklist("Mazo:\\n2x Cañón de hielo (TST-105)\\n", find_game("eliria"))
>>> parsed.lines[0]
ListLine(line=2, section='main', quantity=2, name='Cañón de hielo', code='TST-105')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .cards import CardData, Game
from .errors import InvalidDeck
from .messages import DECK_MESSAGES, Params, params_of
from .text import fold

__all__ = [
    "MAX_QUANTITY",
    "DeckEntry",
    "ListFormat",
    "ListLine",
    "ParseError",
    "ParsedList",
    "read_decklist",
    "write_decklist",
]

MAX_QUANTITY = 999


class ListFormat(Protocol):
    """What the reader and the writer need of a game's record (:class:`engine.games.GameSpec`)."""

    @property
    def game(self) -> Game: ...

    @property
    def sections(self) -> tuple[str, ...]:
        """Section keys, in the order lists are written."""
        ...

    @property
    def headers(self) -> Mapping[str, str]:
        """Section key -> the Spanish header lists are written with."""
        ...

    @property
    def header_keys(self) -> Mapping[str, str]:
        """Folded header text (without the colon, any language) -> section key."""
        ...


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
    """A line that could not be read; the message is in Spanish, its sentence's code and
    parameters (engine.messages.DECK_MESSAGES) are data."""

    line: int
    message: str
    code: str = field(default="", compare=False)
    params: Params = field(default_factory=dict, compare=False)


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


def read_decklist(text: str, spec: ListFormat, *, others: Iterable[ListFormat] = ()) -> ParsedList:
    """Read a deck list of the game of *spec*; never raises on any text.

    *others*: the other games' records, so that one of their headers is named as such."""
    section: str | None = "main" if spec.game is Game.ELIRIA else None
    lines: list[ListLine] = []
    errors: list[ParseError] = []
    # Split on newlines only: str.splitlines() also splits on \x1c, \u2028…, which
    # would shift line numbers away from what an editor shows.
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.endswith(":"):
            key = _header_key(stripped, spec)
            if key is None:
                errors.append(_bad_header(number, stripped, spec, others))
            else:
                section = key
            continue
        parsed = _card_line(number, stripped, section)
        if isinstance(parsed, ParseError):
            errors.append(parsed)
        else:
            lines.append(parsed)
    return ParsedList(tuple(lines), tuple(errors))


def _error(number: int, message: str, code: str, **params: str | int) -> ParseError:
    return ParseError(number, message, code, params_of(code, DECK_MESSAGES, **params))


def _header_key(stripped: str, spec: ListFormat) -> str | None:
    return spec.header_keys.get(fold(stripped[:-1]))


def _bad_header(number: int, stripped: str, spec: ListFormat, others: Iterable[ListFormat]) -> ParseError:
    expected = " o ".join(f"«{spec.headers[key]}»" for key in spec.sections)
    label = spec.game.label
    for other in others:
        if _header_key(stripped, other) is not None:
            return _error(
                number,
                f"Línea {number}: «{stripped}» es un encabezado de {other.game.label}, "
                f"no de {label}; usa {expected}.",
                "list.header_other_game", text=stripped, other=other.game.label, game=label, expected=expected,
            )
    return _error(
        number, f"Línea {number}: «{stripped}» no es un encabezado de {label}; usa {expected}.",
        "list.header_unknown", text=stripped, game=label, expected=expected,
    )


def _card_line(number: int, stripped: str, section: str | None) -> ListLine | ParseError:
    """Read ``[N[x]] NAME [(CODE)]``."""
    if _SIGNED_QUANTITY.match(stripped):
        return _error(
            number, f"Línea {number}: la cantidad debe ser un número de copias sin signo (1 a {MAX_QUANTITY}).",
            "list.quantity_signed", max=MAX_QUANTITY,
        )
    quantity, rest = 1, stripped
    match = _QUANTITY.match(stripped)
    if match:
        digits = match.group(1)
        # Checked on the digits before int(): int() refuses strings over 4,300 digits.
        if len(digits.lstrip("0")) > len(str(MAX_QUANTITY)) or int(digits) > MAX_QUANTITY:
            return _error(
                number, f"Línea {number}: la cantidad {digits[:12]} es absurda (máximo {MAX_QUANTITY}).",
                "list.quantity_absurd", digits=digits[:12], max=MAX_QUANTITY,
            )
        quantity, rest = int(digits), stripped[match.end() :]
        if quantity == 0:
            return _error(number, f"Línea {number}: la cantidad debe ser al menos 1.", "list.quantity_zero")
    code: str | None = None
    parens = _TRAILING_PARENS.search(rest)
    if parens:
        inner = parens.group(1).strip()
        if not inner:
            return _error(number, f"Línea {number}: el código entre paréntesis está vacío.", "list.code_empty")
        if _CODE.fullmatch(inner):
            code, rest = inner, rest[: parens.start()]
    name = " ".join(rest.split())
    if not name:
        return _error(number, f"Línea {number}: falta el nombre de la carta.", "list.name_missing")
    return ListLine(number, section, quantity, name, code)


def write_decklist(entries: Sequence[DeckEntry], spec: ListFormat) -> str:
    """Write entries as ``N NAME (CODE)`` lines under Spanish headers (docs/contract.md §3).

    Sections in the game's order, empty ones omitted, a blank line between
    sections and a trailing newline (an empty deck gives "").
    """
    blocks: dict[str, list[str]] = {key: [] for key in spec.sections}
    for entry in entries:
        if entry.section not in blocks:
            raise InvalidDeck(f"Sección {entry.section!r} desconocida en {spec.game.label}.")
        name = " ".join(entry.card.name.split())
        blocks[entry.section].append(f"{entry.quantity} {name} ({entry.card.code})")
    parts = ["\n".join([spec.headers[key], *blocks[key]]) for key in spec.sections if blocks[key]]
    return "\n\n".join(parts) + "\n" if parts else ""
