"""The rulings exchange format ("rulings/1"): parsing, validation and serialisation.

No database access here: `parse_document` turns a JSON document into validated records or a
list of `RecordError`s naming FILE:RECORD:FIELD (RECORD is the ruling's 1-based position in the
file); `ruling_to_dict` writes the same shape back, so export → import → export is stable.

    {"format": "rulings/1", "game": "eliria", "rulings": [
      {"number": 1, "title": "PRIMERO", "date": "2026-02-20", "code": "260220",
       "cards": ["BASE-105"], "all_cards": false, "edition": "Primera edición",
       "mentions": ["BASE-108"], "considerations": "…", "criterion": "…"}]}

`code` (YYMMDD) may be left out and is then taken from `date`; `site_behaviour` is optional.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from cards.catalogue import catalogue_games
from common.exchange import ErrorCollector, RecordError, envelope_problems

FORMAT = "rulings/1"
REQUIRED_TEXT = ("title", "considerations", "criterion")
KNOWN = {
    "number",
    "title",
    "date",
    "code",
    "cards",
    "all_cards",
    "edition",
    "mentions",
    "considerations",
    "criterion",
    "site_behaviour",
}
MAX_CODE = 24
# The model's column sizes, checked here so a long value is a FILE:RECORD:FIELD error.
MAX_LENGTH = {"title": 40, "edition": 120}


@dataclass
class RulingRecord:
    record: str
    number: int
    title: str
    date: dt.date
    code: str
    all_cards: bool
    edition: str
    considerations: str
    criterion: str
    cards: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    site_behaviour: str | None = None


@dataclass
class RulingsDocument:
    file: str
    game: str
    rulings: list[RulingRecord]


def ymd_code(date: dt.date) -> str:
    """The publisher's YYMMDD: 2026-02-20 -> "260220"."""
    return date.strftime("%y%m%d")


def parse_document(doc: Any, file: str) -> tuple[RulingsDocument | None, list[RecordError]]:
    errs = ErrorCollector(file)
    for field_name, message in envelope_problems(doc, expected_format=FORMAT, games=catalogue_games(), default_game="eliria"):
        errs.add(0, field_name, message)
    if not isinstance(doc, dict):
        return None, errs.items
    game = doc.get("game", "eliria")
    raw_rulings = doc.get("rulings")
    if not isinstance(raw_rulings, list):
        errs.add(0, "rulings", 'falta la lista "rulings"')
        return None, errs.items
    records: list[RulingRecord] = []
    seen: dict[int, int] = {}
    for i, raw in enumerate(raw_rulings, 1):
        record = _parse_ruling(raw, i, errs)
        if record is None:
            continue
        if record.number in seen:
            errs.add(
                i, "number", f"el número {record.number} ya aparece en el registro {seen[record.number]}"
            )
            continue
        seen[record.number] = i
        records.append(record)
    if errs.items:
        return None, errs.items
    return RulingsDocument(file, game, records), []


def _parse_ruling(raw: Any, i: int, errs: ErrorCollector) -> RulingRecord | None:
    if not isinstance(raw, dict):
        errs.add(i, "rulings", "cada resolución debe ser un objeto")
        return None
    before = len(errs.items)
    for extra in sorted(set(raw) - KNOWN):
        errs.add(i, extra, "campo desconocido")
    number = raw.get("number")
    if "number" not in raw:
        errs.add(i, "number", "falta el campo number")
    elif isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 32767:
        errs.add(i, "number", f"debe ser un número entero ≥ 1, no {number!r}")
    texts = {key: _text(raw, key, i, errs, required=True) for key in REQUIRED_TEXT}
    edition = _text(raw, "edition", i, errs, required=False)
    behaviour = _text(raw, "site_behaviour", i, errs, required=False) if "site_behaviour" in raw else None
    date = _date(raw, i, errs)
    code = _code(raw, date, i, errs)
    all_cards = raw.get("all_cards", False)
    if not isinstance(all_cards, bool):
        errs.add(i, "all_cards", f"debe ser true o false, no {all_cards!r}")
    cards = _codes(raw, "cards", i, errs)
    mentions = _codes(raw, "mentions", i, errs)
    if all_cards is False and not cards and "cards" not in {e.field for e in errs.items[before:]}:
        errs.add(i, "cards", 'indica las cartas involucradas o "all_cards": true')
    if len(errs.items) != before:
        return None
    return RulingRecord(
        str(i),
        number,
        texts["title"].strip(),
        date,
        code,
        all_cards,
        edition.strip(),  # type: ignore[arg-type]
        texts["considerations"],
        texts["criterion"],
        cards,
        mentions,
        behaviour,
    )


def _text(raw: dict, key: str, i: int, errs: ErrorCollector, *, required: bool) -> str:
    if key not in raw and not required:
        return ""
    value = raw.get(key)
    if key not in raw or value is None:
        errs.add(i, key, f"falta el campo {key}")
        return ""
    if not isinstance(value, str):
        errs.add(i, key, f"debe ser texto, no {value!r}")
        return ""
    if required and not value.strip():
        errs.add(i, key, f"el campo {key} está vacío")
    if key in MAX_LENGTH and len(value.strip()) > MAX_LENGTH[key]:
        errs.add(i, key, f"demasiado largo ({len(value.strip())} caracteres; máximo {MAX_LENGTH[key]})")
    return value


def _date(raw: dict, i: int, errs: ErrorCollector) -> dt.date | None:
    value = raw.get("date")
    if "date" not in raw or value is None:
        errs.add(i, "date", "falta la fecha (AAAA-MM-DD)")
        return None
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        errs.add(i, "date", f"fecha no válida {value!r} (se espera AAAA-MM-DD)")
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        errs.add(i, "date", f"fecha no válida {value!r} (se espera AAAA-MM-DD)")
        return None


def _code(raw: dict, date: dt.date | None, i: int, errs: ErrorCollector) -> str:
    """The YYMMDD code; optional, and when given it must agree with `date`."""
    value = raw.get("code")
    if value is None:
        return ymd_code(date) if date else ""
    if not isinstance(value, str) or not re.fullmatch(r"\d{6}", value):
        errs.add(i, "code", f"código no válido {value!r} (AAMMDD, seis cifras)")
        return ""
    if date and value != ymd_code(date):
        errs.add(
            i, "code", f"el código {value} no coincide con la fecha {date.isoformat()} ({ymd_code(date)})"
        )
    return value


def _codes(raw: dict, key: str, i: int, errs: ErrorCollector) -> list[str]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        errs.add(i, key, "debe ser una lista de códigos de carta")
        return []
    out: list[str] = []
    for code in value:
        if (
            not isinstance(code, str)
            or not code.strip()
            or len(code.strip()) > MAX_CODE
            or " " in code.strip()
        ):
            errs.add(i, key, f"código de carta no válido {code!r}")
            continue
        if code.strip() in out:
            errs.add(i, key, f"el código {code.strip()} está repetido")
            continue
        out.append(code.strip())
    return out


def ruling_to_dict(ruling: Any, *, default_behaviour: str) -> dict[str, Any]:
    """One ruling as in the file; `site_behaviour` only when it differs from the site's default."""
    out: dict[str, Any] = {
        "number": ruling.number,
        "title": ruling.title,
        "date": ruling.date.isoformat(),
        "code": ruling.code,
        "cards": list(ruling.card_codes),
        "all_cards": ruling.all_cards,
        "edition": ruling.edition,
        "mentions": list(ruling.mention_codes),
        "considerations": ruling.considerations,
        "criterion": ruling.criterion,
    }
    if ruling.site_behaviour != default_behaviour:
        out["site_behaviour"] = ruling.site_behaviour
    return out
