"""Reading what a player wants to add: CSV rows or a pasted deck list -> resolved rows.

Nothing here writes. Every problem is an `ImportProblem` naming its line and field
(`line 4: quantity: …`); a file with any problem is refused as a whole by the services, while the
page's `read_*_lines` give the good rows and the problems apart so a player may save without the
bad lines. A pasted list without a game resolves each line in both games (`read_list_lines`).

CSV: a header line, then `game,code,edition,quantity,condition,language` (any order; `name`
and other extra columns are ignored). `game` may be left empty when the import names a game;
`edition` empty means the card's current edition (ruling TERCERO); `condition` and `language`
are optional. A cell that our export protected from spreadsheets (`'=…`) is read back as is.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from cards.lookup import DbLookup
from cards.models import Card, Edition, Game
from cards.suggest import suggest_names
from cards.validation import MAX_SUGGESTED_LINES
from collection.models import MAX_COPIES, Condition
from common.csvcells import unguard
from common.errors import BadInput, RecordsRejected
from common.gate import check_text
from engine import GAME_SPECS, game_named, parse_decklist
from engine import Game as EngineGame
from engine.text import fold
from engine.validation import resolve_line

MAX_BYTES = 1_000_000
MAX_ROWS = 10_000
MAX_PROBLEMS = 200
MAX_PREVIEW_LINES = 500  # the page shows this many lines; the counts cover all
COLUMNS = ("game", "code", "edition", "quantity", "condition", "language")
REQUIRED = ("code", "quantity")
GAME_LABELS = dict(Game.choices)
CONDITIONS = {c.value.upper(): c.value for c in Condition}
# Every header the deck-list reader knows, folded without its colon (Mazo:, Entes:, main: …).
ALL_HEADERS = {key for spec in GAME_SPECS.values() for key in spec.header_keys}


# The fields a problem names, as a player reads them (the API keeps the English keys).
FIELD_LABELS = {
    "code": gettext_lazy("código"), "quantity": gettext_lazy("copias"), "card": gettext_lazy("carta"),
    "edition": gettext_lazy("edición"), "condition": gettext_lazy("estado"), "language": gettext_lazy("idioma"),
    "game": gettext_lazy("juego"), "list": gettext_lazy("lista"), "file": gettext_lazy("archivo"),
    "header": gettext_lazy("cabecera"), "account": gettext_lazy("cuenta"), "format": gettext_lazy("formato"),
    "name": gettext_lazy("nombre"), "visibility": gettext_lazy("visibilidad"), "deck": gettext_lazy("mazo"),
}


@dataclass(frozen=True)
class ImportProblem:
    line: int | None
    field: str
    message: str
    # «¿Quisiste decir…?»: card names near the one written on an unknown line, best first.
    suggestions: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""  # a fixed format: files and API quote it
        return f"{where}{self.field}: {self.message}"

    @property
    def field_label(self) -> str:
        """«copias», not `quantity`; a data file's `decks[2].name` reads «decks[2] · nombre»."""
        where, dot, name = self.field.rpartition(".")
        label = str(FIELD_LABELS.get(name, name))
        return f"{where} · {label}" if dot else label

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"line": self.line, "field": self.field, "message": self.message}
        if self.suggestions:  # an extra key, only where there is something to suggest
            out["suggestions"] = list(self.suggestions)
        return out


@dataclass(frozen=True)
class Row:
    """One resolved line: copies of an edition, with an optional condition and language."""

    line: int
    card: Card
    edition: Edition
    quantity: int
    condition: str = ""
    language: str = ""


class ImportRejected(RecordsRejected):
    """A refused import; `problems` lists every line that is wrong, up to MAX_PROBLEMS, and `more`
    counts the rest (nothing was written). The API answers `{"detail", "errors"}`."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        n = len(problems)
        shown = problems[:MAX_PROBLEMS]
        super().__init__(shown, (
            ngettext("%(n)d error: no se ha guardado nada. ", "%(n)d errores: no se ha guardado nada. ", n) % {"n": n}
            + "; ".join(str(p) for p in shown[:5]) + ("…" if n > 5 else "")
        ))
        self.more = n - len(shown)


def size_problem(size: int) -> ImportProblem | None:
    if size <= MAX_BYTES:
        return None
    return ImportProblem(None, "file", _(
        "el archivo ocupa %(size).1f MB y el máximo es %(max)d MB (%(rows)d filas): divídelo en varios archivos."
    ) % {"size": size / 1_000_000, "max": MAX_BYTES // 1_000_000, "rows": MAX_ROWS})


def decode(data: bytes) -> str:
    """The text of an uploaded file; refuses what is too big or not UTF-8 before reading it."""
    problem = size_problem(len(data))
    if problem:
        raise ImportRejected([problem])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportRejected([ImportProblem(None, "file", (
            _("el archivo no está en UTF-8 (byte %(byte)d); guárdalo como «CSV UTF-8».") % {"byte": exc.start}
        ))]) from None
    try:
        check_text(text, "el archivo")
    except BadInput as exc:
        raise ImportRejected([ImportProblem(None, "file", exc.message)]) from None
    return text


# ---------------------------------------------------------------- CSV
def read_csv(text: str, *, game: str | None = None) -> list[Row]:
    """The rows of a collection CSV, or ImportRejected with every problem."""
    rows, problems = read_csv_lines(text, game=game)
    if problems:
        raise ImportRejected(problems)
    return rows


def read_csv_lines(text: str, *, game: str | None = None) -> tuple[list[Row], list[ImportProblem]]:
    """The good rows of a CSV and the problems of the others, apart; a problem of the whole file
    (too big, no header, not CSV) is ImportRejected, as there are no good rows to keep then."""
    problem = size_problem(len(text.encode("utf-8", "surrogatepass")))
    if problem:
        raise ImportRejected([problem])
    records, problems = _csv_records(text)
    if any(p.line is None or p.field == "header" for p in problems):
        raise ImportRejected(problems)
    rows, more = resolve_records(records, game=game)
    problems.extend(more)
    bad = {p.line for p in problems}
    return [r for r in rows if r.line not in bad], sorted(problems, key=lambda p: p.line or 0)


def _csv_records(text: str) -> tuple[list[tuple[int, dict[str, str]]], list[ImportProblem]]:
    if "\0" in text:
        return [], [ImportProblem(None, "file", _("el archivo contiene bytes nulos: no es un CSV de texto."))]
    reader = csv.reader(io.StringIO(text))
    problems: list[ImportProblem] = []
    try:
        header = next(reader, None)
        if header is None:
            return [], [ImportProblem(1, "header", _("el archivo está vacío; la primera línea es %(columns)s.") % {"columns": ",".join(COLUMNS)})]
        names = [fold(h).strip() for h in header]
        missing = [c for c in REQUIRED if c not in names]
        if missing:
            return [], [ImportProblem(1, "header", (
                _("faltan las columnas %(missing)s; la primera línea debe ser %(columns)s.")
                % {"missing": ", ".join(missing), "columns": ",".join(COLUMNS)}
            ))]
        records = []
        for cells in reader:
            if not any(c.strip() for c in cells):
                continue
            if len(records) >= MAX_ROWS:
                problems.append(ImportProblem(reader.line_num, "file", _("más de %(rows)d filas: divide el archivo.") % {"rows": MAX_ROWS}))
                break
            if len(cells) > len(names) and any(c.strip() for c in cells[len(names):]):
                problems.append(ImportProblem(reader.line_num, "file", (
                    _("%(cells)d columnas y la cabecera tiene %(names)d.") % {"cells": len(cells), "names": len(names)}
                )))
                continue
            record = {name: _unprotect(cells[i].strip()) if i < len(cells) else "" for i, name in enumerate(names)}
            records.append((reader.line_num, record))
    except csv.Error as exc:
        problems.append(ImportProblem(reader.line_num, "file", _("CSV mal formado (%(error)s).") % {"error": exc}))
        return [], problems
    return records, problems


def _unprotect(cell: str) -> str:
    """Undo the export's spreadsheet protection: `'=x` was written for `=x` (common.csvcells)."""
    return unguard(cell)


# ---------------------------------------------------------------- records -> rows
def resolve_records(
    records: Iterable[tuple[int, Mapping[str, Any]]], *, game: str | None = None
) -> tuple[list[Row], list[ImportProblem]]:
    """Dict records (CSV lines, or the data file's collection) -> rows; two queries in all."""
    records = list(records)
    codes = {str(r.get("code") or "").strip().upper() for _, r in records} - {""}
    cards = _cards_by_code(codes)
    rows: list[Row] = []
    problems: list[ImportProblem] = []
    for line, record in records:
        row = _resolve(line, record, game, cards, problems)
        if row is not None:
            rows.append(row)
    return rows, problems


def _cards_by_code(codes: set[str]) -> dict[tuple[str, str], Card]:
    """Cards of either game by (game, CODE), with every edition: two queries (chunked)."""
    out: dict[tuple[str, str], Card] = {}
    codes_list = sorted(codes)
    for start in range(0, len(codes_list), 900):
        chunk = codes_list[start:start + 900]
        for card in Card.objects.filter(code__in=chunk).select_related("current").prefetch_related("editions"):
            out[(card.game, card.code.upper())] = card
    return out


def _resolve(
    line: int, record: Mapping[str, Any], game: str | None,
    cards: dict[tuple[str, str], Card], problems: list[ImportProblem],
) -> Row | None:
    start = len(problems)

    def bad(field: str, message: str) -> None:
        problems.append(ImportProblem(line, field, message))

    row_game = _game(str(record.get("game") or "").strip(), game, bad)
    code = str(record.get("code") or "").strip()
    card = None
    if not code:
        bad("code", _("falta el código de la carta."))
    elif row_game:
        card = cards.get((row_game, code.upper()))
        if card is None:
            other = next((c for (g, k), c in cards.items() if k == code.upper()), None)
            if other is not None:
                bad("code", _("%(code)s (%(name)s) es una carta de %(game)s, no de %(expected)s.") % {
                    "code": other.code, "name": other.name, "game": GAME_LABELS[other.game],
                    "expected": GAME_LABELS[row_game]})
            else:
                bad("code", _("no existe ninguna carta de %(game)s con el código «%(code)s».")
                % {"game": GAME_LABELS[row_game], "code": code[:30]})
    edition = _edition(card, str(record.get("edition") or "").strip(), bad) if card else None
    quantity = _quantity(record.get("quantity"), bad)
    condition = _condition(str(record.get("condition") or "").strip(), bad)
    language = str(record.get("language") or "").strip().lower()
    if language and not re.fullmatch(r"[a-z]{2,3}", language):
        bad("language", _("«%(value)s» no es un código de idioma (es, en, pt…).") % {"value": language[:20]})
    if len(problems) > start or card is None or edition is None or quantity is None:
        return None
    return Row(line, card, edition, quantity, condition, language)


def _game(value: str, selected: str | None, bad: Any) -> str | None:
    if not value:
        if selected:
            return selected
        bad("game", _("falta el juego (eliria o mision)."))
        return None
    game = game_named(value)
    if game is None:
        bad("game", _("juego desconocido «%(value)s»: eliria o mision.") % {"value": value[:20]})
        return None
    if selected and game != selected:
        bad("game", _("la carta es de %(game)s y la importación es de %(selected)s.")
            % {"game": GAME_LABELS[game], "selected": GAME_LABELS[selected]})
        return None
    return game


def _edition(card: Card, value: str, bad: Any) -> Edition | None:
    editions = sorted(card.editions.all(), key=lambda e: e.edition)
    if not value:
        current = next((e for e in editions if e.pk == card.current_id), None)
        if current is None:
            bad("edition", _("%(code)s no tiene ninguna edición.") % {"code": card.code})
        return current
    if not re.fullmatch(r"\d{1,4}", value):
        bad("edition", _("«%(value)s» no es un número de edición.") % {"value": value[:20]})
        return None
    found = next((e for e in editions if e.edition == int(value)), None)
    if found is None:
        have = ", ".join(str(e.edition) for e in editions)
        bad("edition", _("%(code)s no tiene edición %(edition)d (tiene: %(have)s).")
            % {"code": card.code, "edition": int(value), "have": have})
    return found


def _quantity(value: Any, bad: Any) -> int | None:
    text = str(value if value is not None else "").strip()
    if isinstance(value, bool) or not re.fullmatch(r"-?\d{1,12}", text):
        bad("quantity", _("«%(value)s» no es un número entero de copias (1 a %(max)d).")
            % {"value": text[:20], "max": MAX_COPIES})
        return None
    n = int(text)
    if not 1 <= n <= MAX_COPIES:
        bad("quantity", _("%(n)d copias no es posible: de 1 a %(max)d.") % {"n": n, "max": MAX_COPIES})
        return None
    return n


def _condition(value: str, bad: Any) -> str:
    if not value:
        return ""
    found = CONDITIONS.get(value.upper())
    if found is None:
        bad("condition", _("estado desconocido «%(value)s»: %(known)s o vacío.")
            % {"value": value[:20], "known": ", ".join(CONDITIONS.values())})
        return ""
    return found


# ---------------------------------------------------------------- pasted deck lists
def read_list(text: str, *, game: str) -> list[Row]:
    """The rows of a pasted list (docs/contract.md §3): a code decides, else the name; current edition.

    Section headers of either game are allowed and ignored: a collection has no sections."""
    if game not in GAME_LABELS:
        raise ImportRejected([ImportProblem(None, "game", _("elige el juego de la lista (eliria o mision)."))])
    rows, problems = read_list_lines(text, game=game)
    if problems:
        raise ImportRejected(problems)
    return rows


def read_list_lines(text: str, *, game: str = "") -> tuple[list[Row], list[ImportProblem]]:
    """The good rows of a pasted list and the problems of the other lines, apart.

    Without a game (`""`) each line is looked up in both games: a card found in one is of that
    game; a name found in both is a problem that offers each card by code (the code decides)."""
    if game and game not in GAME_LABELS:
        raise ImportRejected([ImportProblem(None, "game", _("juego desconocido «%(value)s»: eliria o mision.")
                                            % {"value": game[:20]})])
    problem = size_problem(len(text.encode("utf-8", "surrogatepass")))
    if problem:
        raise ImportRejected([problem])
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(lines) > MAX_ROWS:
        raise ImportRejected([ImportProblem(None, "file", _("más de %(rows)d líneas: divide la lista.") % {"rows": MAX_ROWS})])
    cleaned = "\n".join("" if _is_header(raw) else raw for raw in lines)
    games = [game] if game else list(GAME_LABELS)
    parsed_lines, problems = _parse_any(cleaned, games)
    lookups = {g: DbLookup(parsed_lines, g) for g in games}
    resolved: list[tuple[int, str, str, int]] = []
    for line in parsed_lines:
        found = _resolve_in_games(line, games, lookups, problems)
        if found is not None:
            resolved.append((line.line, *found))
    return _list_rows(resolved, problems)


def _parse_any(text: str, games: list[str]) -> tuple[list[Any], list[ImportProblem]]:
    """The lines as the first game that can read each of them reads it (a Misión line may be a bare
    code), and the problems of the lines no game can read."""
    parses = [parse_decklist(text, g) for g in games]
    lines: dict[int, Any] = {}
    for parsed in parses:
        for line in parsed.lines:
            lines.setdefault(line.line, line)
    problems: dict[int, ImportProblem] = {}
    for parsed in parses:
        for e in parsed.errors:
            if e.line not in lines and e.line not in problems:
                problems[e.line] = ImportProblem(e.line, "list", _strip_line(e.message))
    return [lines[n] for n in sorted(lines)], list(problems.values())


def _resolve_in_games(line: Any, games: list[str], lookups: dict[str, DbLookup],
                      problems: list[ImportProblem]) -> tuple[str, str, int] | None:
    """(game, code, quantity) of one list line, or None with its problem added."""
    entries = [(g, resolve_line(line, EngineGame(g), lookups[g])) for g in games]
    found = [(g, e) for g, e in entries if hasattr(e, "card")]
    if len(found) == 1:
        g, entry = found[0]
        return g, entry.card.code, entry.quantity
    if found:  # the same name in both games: the player picks one by its code
        problems.append(ImportProblem(line.line, "game", _(
            "«%(name)s» es una carta de Eliria y también de Misión S.O.S: elige una (con su código)."
        ) % {"name": line.name[:60]}, tuple(f"{e.card.name} ({e.card.code})" for _g, e in found)))
        return None
    first = entries[0][1]
    suggest = first.code == "unknown_card" and len(problems) < MAX_SUGGESTED_LINES  # bounded work
    near = [n for g in games for n in suggest_names(line.name, game=g)] if suggest else []
    problems.append(ImportProblem(line.line, "card", _strip_line(first.message), tuple(dict.fromkeys(near))[:5]))
    return None


def _list_rows(resolved: list[tuple[int, str, str, int]],
               problems: list[ImportProblem]) -> tuple[list[Row], list[ImportProblem]]:
    """Rows of the current editions of the resolved lines (one query per game)."""
    cards: dict[tuple[str, str], Card] = {}
    for g in {g for _n, g, _c, _q in resolved}:
        for c in Card.objects.filter(game=g, code__in={c for _n, gg, c, _q in resolved if gg == g}).select_related("current"):
            cards[(g, c.code)] = c
    rows = []
    for number, g, code, quantity in resolved:
        card = cards[(g, code)]
        if card.current is None:
            problems.append(ImportProblem(number, "card", _("%(code)s no tiene ninguna edición.") % {"code": card.code}))
        else:
            rows.append(Row(number, card, card.current, quantity))
    return rows, sorted(problems, key=lambda p: p.line or 0)


def preview_lines(text: str, rows: list[Row], problems: list[ImportProblem]) -> list[dict[str, Any]]:
    """Each line that says something, in order: its text and either its card or its problems
    (the per-line preview of the collection import, as the deck import shows)."""
    source = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    by_line: dict[int, dict[str, Any]] = {}
    for row in rows:
        by_line[row.line] = {"line": row.line, "row": row, "problems": []}
    for p in problems:
        if p.line is not None:
            by_line.setdefault(p.line, {"line": p.line, "row": None, "problems": []})["problems"].append(p)
    out = []
    for number in sorted(by_line)[:MAX_PREVIEW_LINES]:
        entry = by_line[number]
        entry["text"] = source[number - 1][:200] if 0 < number <= len(source) else ""
        entry["ok"] = not entry["problems"]
        out.append(entry)
    return out


def _is_header(raw: str) -> bool:
    stripped = raw.strip()
    return stripped.endswith(":") and not stripped.startswith("#") and fold(stripped[:-1]) in ALL_HEADERS


def _strip_line(message: str) -> str:
    """The engine's messages start with «Línea N: »; our problems carry the line already."""
    return re.sub(r"^Línea \d+: ", "", message)

