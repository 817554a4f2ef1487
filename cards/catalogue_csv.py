"""CSV form of the catalogue: one row per edition, grouped into the JSON document shape.

Columns: game,set,set_name,set_released,code,name,type,edition,released,potential,class,cross,
passive,resistance,attacks,subtype,effect,water,air,fire,earth,chest,image,flavor,artist,errata,effects.
`attacks` holds the JSON list of the edition's attacks and `effects` the JSON list of its
behaviour (empty cell: none given). Errors name the CSV line (header = 1). Cells a spreadsheet
would run as a formula are written after a `'`, which the import removes (common.csvcells).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from cards.catalogue import FORMAT, RECORD_KEY, WORLDS, RecordError, edition_to_dict
from common.csvcells import guard, unguard

COLUMNS = (
    "game,set,set_name,set_released,code,name,type,edition,released,potential,class,cross,"
    "passive,resistance,attacks,subtype,effect,water,air,fire,earth,chest,image,flavor,artist,errata,effects"
).split(",")
INT_COLUMNS = {"edition", "potential", "resistance", "chest", *WORLDS}
MAX_ROWS = 200_000


def csv_to_document(text: str, file: str) -> tuple[dict | None, list[RecordError]]:
    """Rows grouped into a catalogue/1 document, or the errors naming each bad line."""
    try:
        return _csv_to_document(text, file)
    except csv.Error as exc:  # malformed CSV (a stray quote or carriage return, say)
        return None, [RecordError(file, "1", "-", f"CSV no válido: {exc}")]


def _rows(reader: csv.DictReader, file: str, errors: list[RecordError]) -> Any:
    """The reader's rows; a malformed line ends the reading with an error naming it."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            errors.append(RecordError(file, str(reader.line_num), "-", f"CSV no válido: {exc}"))
            return
        yield {key: unguard(value) if isinstance(value, str) else value for key, value in row.items()}


def _csv_to_document(text: str, file: str) -> tuple[dict | None, list[RecordError]]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [c for c in ("game", "set", "code", "name", "type", "edition", "released")
               if c not in (reader.fieldnames or [])]
    if missing:
        return None, [RecordError(file, "1", missing[0], f"faltan columnas: {', '.join(missing)}")]
    errors: list[RecordError] = []
    doc: dict[str, Any] = {"format": FORMAT, "game": None, "sets": [], "cards": []}
    sets: dict[str, dict] = {}
    cards: dict[str, dict] = {}
    for row in _rows(reader, file, errors):
        line = str(reader.line_num)
        if reader.line_num > MAX_ROWS:
            errors.append(RecordError(file, line, "-", f"más de {MAX_ROWS} filas"))
            break
        game = (row.get("game") or "").strip()
        if doc["game"] is None:
            doc["game"] = game
        elif game != doc["game"]:
            errors.append(RecordError(file, line, "game", f"un archivo es de un solo juego ({doc['game']})"))
            continue
        set_code = (row.get("set") or "").strip()
        if set_code and set_code not in sets:
            sets[set_code] = {"code": set_code, "name": (row.get("set_name") or set_code).strip(),
                              "released": (row.get("set_released") or None)}
        edition, err = _row_edition(row, line, file)
        if err:
            errors.append(err)
            continue
        code = (row.get("code") or "").strip()
        card = cards.setdefault(code.upper(), {
            RECORD_KEY: line, "code": code, "set": set_code, "name": (row.get("name") or "").strip(),
            "type": (row.get("type") or "").strip(), "editions": [],
        })
        for key in ("set", "name", "type"):
            if card[key] != (row.get(key) or "").strip():
                errors.append(RecordError(file, line, key, f"distinto del de la línea {card[RECORD_KEY]} para {code}"))
        card["editions"].append(edition)
    doc["sets"] = list(sets.values())
    doc["cards"] = list(cards.values())
    return doc, errors


def _row_edition(row: dict, line: str, file: str) -> tuple[dict, RecordError | None]:
    ctype = (row.get("type") or "").strip()
    ed: dict[str, Any] = {RECORD_KEY: line}
    for col in COLUMNS[7:]:
        value = row.get(col)
        if value is None or value == "":
            continue
        if col in INT_COLUMNS:
            try:
                ed[col] = int(value)
            except ValueError:
                return ed, RecordError(file, line, col, f"debe ser un número entero, no {value!r}")
        elif col == "cross":
            ed[col] = value.strip().lower() in {"1", "true", "yes", "si", "sí", "†"}
        elif col in ("attacks", "effects"):
            try:
                ed[col] = json.loads(value)
            except json.JSONDecodeError as exc:
                return ed, RecordError(file, line, col, f"JSON no válido: {exc.msg}")
            except RecursionError:
                return ed, RecordError(file, line, col, "JSON anidado demasiado hondo")
        else:
            ed[col] = value
    if ctype in ("entity", "element"):
        ed["worlds"] = {w: ed.pop(w, 0) for w in WORLDS}
    if ctype in ("combat", "token"):
        ed.setdefault("cross", False)
        ed.setdefault("class", "")
    return ed, None


def document_to_csv(doc: dict) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    sets = {s["code"]: s for s in doc["sets"]}
    for card in doc["cards"]:
        s = sets[card["set"]]
        for ed in card["editions"]:
            row = {"game": doc["game"], "set": card["set"], "set_name": s["name"],
                   "set_released": s.get("released") or "", "code": card["code"],
                   "name": card["name"], "type": card["type"]}
            for key, value in ed.items():
                if key == "worlds":
                    row.update(value)
                elif key in ("attacks", "effects"):
                    row[key] = json.dumps(value, ensure_ascii=False)
                elif key == "cross":
                    row[key] = "true" if value else "false"
                else:
                    row[key] = value
            writer.writerow({key: guard(value) if isinstance(value, str) else value for key, value in row.items()})
    return out.getvalue()


__all__ = ["COLUMNS", "csv_to_document", "document_to_csv", "edition_to_dict"]
