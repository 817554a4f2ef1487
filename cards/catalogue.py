"""The catalogue exchange format (docs/contract.md §2): parsing, validation and serialisation.

No database access here: `parse_document` turns a JSON document (or CSV rows grouped into one)
into validated plain records, or into a list of `RecordError`s naming FILE:RECORD:FIELD.
`cards.services` writes the records; the API and the export read editions through
`edition_to_dict`, so the JSON shape is written in one place.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from common.exchange import ErrorCollector, RecordError, envelope_problems
from engine import GAME_SPECS, find_game
from engine.cards import WORLDS

FORMAT = "catalogue/1"
SUBTYPES = ("ephemeral", "attached", "field")

OPTIONAL = ("image", "flavor", "artist", "errata", "effects")
MAX_POTENTIAL = 12
MAX_POINTS = 99
# A record label carried by documents built from CSV, so errors name the CSV line.
RECORD_KEY = "_record"


def catalogue_games() -> list[str]:
    """The games a catalogue (or rulings) document may name: every game's record (engine/games.py)."""
    return list(GAME_SPECS)


def _game_of(card_type: str) -> str:
    """The game whose catalogue has cards of *card_type* (the engine's records say which)."""
    return next((slug for slug, spec in GAME_SPECS.items() if card_type in spec.card_types), "")


@dataclass
class SetRecord:
    code: str
    name: str
    released: dt.date | None


@dataclass
class CardRecord:
    record: str
    code: str
    set: str
    name: str
    type: str
    editions: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Catalogue:
    file: str
    game: str
    sample: bool
    sets: list[SetRecord]
    cards: list[CardRecord]


# ---------------------------------------------------------------- edition fields by type
def edition_to_dict(ed: Any, card_type: str, *, image: str | None = None) -> dict[str, Any]:
    """The JSON object of one edition, as in docs/contract.md §2 (export and API alike)."""
    out: dict[str, Any] = {"edition": ed.edition, "released": ed.released.isoformat()}
    if card_type in ("combat", "token"):
        out.update(
            potential=ed.potential,
            **{"class": ed.card_class},
            cross=ed.cross,
            passive=ed.passive,
            resistance=ed.resistance,
            attacks=[dict(a) for a in ed.attacks],
        )
    elif card_type == "reaction":
        out["effect"] = ed.effect
    elif card_type == "summon":
        out.update(subtype=ed.subtype, effect=ed.effect)
    elif card_type in ("entity", "element"):
        out["worlds"] = {w: getattr(ed, w) or 0 for w in WORLDS}
        if card_type == "element":
            out["chest"] = ed.chest
    if image:
        out["image"] = image
    for name in ("flavor", "artist", "errata"):
        if getattr(ed, name):
            out[name] = getattr(ed, name)
    if ed.effects is not None:  # exported exactly as imported; absent stays absent
        out["effects"] = ed.effects
    return out


def effects_problems(effects: Any, *, game: str, attacks: Any = None) -> list[str]:
    """The problems of an edition's `effects` in the engine's vocabulary (Spanish; empty when valid).

    Misión S.O.S cards print no text to play: their `effects`, when given, is `[]`.
    """
    if effects is None:
        return []
    if game == "mision":
        return [] if effects == [] else ["Misión S.O.S no tiene vocabulario de efectos: solo se admite []"]
    from engine.eliria.effects import validate_effects

    # A card without attacks (reaction, summon) has none to hang an `on_attack` effect on: the engine
    # refuses such data when it compiles the card, so the import refuses it first.
    count = len(attacks) if isinstance(attacks, list) else 0
    return validate_effects(effects, attacks=count)


def _int(
    raw: dict, key: str, errs: ErrorCollector, rec: str, lo: int, hi: int, *, where: str
) -> int | None:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        errs.add(rec, key, f"{where}: debe ser un número entero, no {value!r}")
        return None
    if not lo <= value <= hi:
        errs.add(rec, key, f"{where}: {value} fuera del rango {lo}–{hi}")
        return None
    return value


def _text(raw: dict, key: str, errs: ErrorCollector, rec: str, *, where: str, required: bool) -> str:
    value = raw.get(key, None if required else "")
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        errs.add(rec, key, f"{where}: debe ser texto, no {value!r}")
        return ""
    return value


def _date(value: Any, errs: ErrorCollector, rec: str, key: str, *, where: str) -> dt.date | None:
    if not isinstance(value, str):
        errs.add(rec, key, f"{where}: falta la fecha (AAAA-MM-DD)")
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        errs.add(rec, key, f"{where}: fecha no válida {value!r} (se espera AAAA-MM-DD)")
        return None


def _attacks(raw: dict, errs: ErrorCollector, rec: str, potential: int | None, where: str) -> list:
    attacks = raw.get("attacks", [])
    if not isinstance(attacks, list):
        errs.add(rec, "attacks", f"{where}: debe ser una lista")
        return []
    out = []
    for i, atk in enumerate(attacks, 1):
        here = f"{where}, ataque {i}"
        if not isinstance(atk, dict):
            errs.add(rec, "attacks", f"{here}: debe ser un objeto")
            continue
        unknown = set(atk) - {"cost", "name", "damage", "effect"}
        if unknown:
            errs.add(rec, "attacks", f"{here}: campos desconocidos {sorted(unknown)}")
        cost = _int(atk, "cost", errs, rec, 0, MAX_POTENTIAL, where=here)
        name = _text(atk, "name", errs, rec, where=here, required=True)
        if not name.strip():
            errs.add(rec, "name", f"{here}: el ataque necesita un nombre")
        damage = atk.get("damage")
        if damage != "x" and (isinstance(damage, bool) or not isinstance(damage, int) or damage < 0):
            errs.add(rec, "damage", f"{here}: el daño debe ser un entero ≥ 0 o \"x\", no {damage!r}")
        effect = _text(atk, "effect", errs, rec, where=here, required=False)
        out.append({"cost": cost, "name": name, "damage": damage, "effect": effect})
    return out


def parse_edition(raw: Any, card_type: str, errs: ErrorCollector, rec: str, index: int) -> dict | None:
    """Validate one edition object; return the Edition model fields, or None."""
    where = f"edición {index}"
    if not isinstance(raw, dict):
        errs.add(rec, "editions", f"{where}: debe ser un objeto")
        return None
    rec = str(raw.get(RECORD_KEY, rec))
    before = len(errs.items)
    allowed = {"edition", "released", RECORD_KEY, *OPTIONAL}
    fields: dict[str, Any] = {
        "edition": _int(raw, "edition", errs, rec, 1, 999, where=where),
        "released": _date(raw.get("released"), errs, rec, "released", where=where),
    }
    if card_type in ("combat", "token"):
        allowed |= {"potential", "class", "cross", "passive", "resistance", "attacks"}
        potential = _int(raw, "potential", errs, rec, 0, MAX_POTENTIAL, where=where)
        cross = raw.get("cross", False)
        if not isinstance(cross, bool):
            errs.add(rec, "cross", f"{where}: debe ser true o false")
        fields.update(
            potential=potential,
            card_class=_text(raw, "class", errs, rec, where=where, required=True),
            cross=bool(cross),
            passive=_text(raw, "passive", errs, rec, where=where, required=False),
            resistance=_int(raw, "resistance", errs, rec, 0, MAX_POINTS, where=where),
            attacks=_attacks(raw, errs, rec, potential, where),
        )
    elif card_type in ("reaction", "summon"):
        allowed |= {"effect"} | ({"subtype"} if card_type == "summon" else set())
        fields["effect"] = _text(raw, "effect", errs, rec, where=where, required=True)
        if card_type == "summon":
            subtype = raw.get("subtype")
            if subtype not in SUBTYPES:
                errs.add(rec, "subtype", f"{where}: subtipo {subtype!r}; se espera {', '.join(SUBTYPES)}")
            fields["subtype"] = subtype
    else:  # entity, element
        allowed |= {"worlds"} | ({"chest"} if card_type == "element" else set())
        worlds = raw.get("worlds")
        if not isinstance(worlds, dict) or set(worlds) != set(WORLDS):
            errs.add(rec, "worlds", f"{where}: se esperan los cuatro mundos {', '.join(WORLDS)}")
        else:
            for w in WORLDS:
                fields[w] = _int(worlds, w, errs, rec, 0, MAX_POINTS, where=f"{where}, mundo {w}")
        if card_type == "element":
            fields["chest"] = _int(raw, "chest", errs, rec, 0, MAX_POINTS, where=where)
    for name in ("flavor", "artist", "errata", "image"):
        fields[name] = _text(raw, name, errs, rec, where=where, required=False)
    if "effects" in raw:
        for problem in effects_problems(raw["effects"], game=_game_of(card_type), attacks=fields.get("attacks")):
            errs.add(rec, "effects", f"{where}: {problem}")
        fields["effects"] = raw["effects"]
    for extra in sorted(set(raw) - allowed):
        errs.add(rec, extra, f"{where}: campo desconocido para el tipo {card_type}")
    return fields if len(errs.items) == before else None


# ---------------------------------------------------------------- whole document
def parse_document(doc: Any, file: str) -> tuple[Catalogue | None, list[RecordError]]:
    errs = ErrorCollector(file)
    problems = envelope_problems(doc, expected_format=FORMAT, games=catalogue_games())
    for field_name, message in problems:
        errs.add(0, field_name, message)
    if not isinstance(doc, dict) or any(field_name == "game" for field_name, _ in problems):
        return None, errs.items
    game = doc["game"]
    sets = _parse_sets(doc.get("sets", []), errs)
    cards = _parse_cards(doc.get("cards"), game, {s.code for s in sets}, errs)
    if errs.items:
        return None, errs.items
    return Catalogue(file, game, bool(doc.get("sample", False)), sets, cards), []


def _parse_sets(raw_sets: Any, errs: ErrorCollector) -> list[SetRecord]:
    if not isinstance(raw_sets, list):
        errs.add(0, "sets", "debe ser una lista")
        return []
    out, seen = [], set()
    for i, raw in enumerate(raw_sets, 1):
        rec = f"set-{i}"
        if not isinstance(raw, dict):
            errs.add(rec, "sets", "cada colección debe ser un objeto")
            continue
        code, name = raw.get("code"), raw.get("name")
        if not isinstance(code, str) or not code.strip():
            errs.add(rec, "code", "falta el código de la colección")
            continue
        if code in seen:
            errs.add(rec, "code", f"colección {code} repetida")
        seen.add(code)
        if not isinstance(name, str) or not name.strip():
            errs.add(rec, "name", f"la colección {code} necesita un nombre")
        released = None
        if raw.get("released") is not None:
            released = _date(raw["released"], errs, rec, "released", where=f"colección {code}")
        out.append(SetRecord(code.strip(), (name or "").strip(), released))
    return out


def _parse_cards(raw_cards: Any, game: str, set_codes: set[str], errs: ErrorCollector) -> list[CardRecord]:
    if not isinstance(raw_cards, list):
        errs.add(0, "cards", "falta la lista \"cards\"")
        return []
    out: list[CardRecord] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_cards, 1):
        card = _parse_card(raw, i, game, set_codes, errs)
        if card is None:
            continue
        key = card.code.upper()
        if key in seen:
            errs.add(i, "code", f"el código {card.code} ya aparece en el registro {seen[key]}")
            continue
        seen[key] = i
        out.append(card)
    return out


def _parse_card(
    raw: Any, i: int, game: str, set_codes: set[str], errs: ErrorCollector
) -> CardRecord | None:
    if not isinstance(raw, dict):
        errs.add(i, "cards", "cada carta debe ser un objeto")
        return None
    before = len(errs.items)
    i = raw.get(RECORD_KEY, i)
    code, name, ctype, set_code = (raw.get(k) for k in ("code", "name", "type", "set"))
    for key, value in (("code", code), ("name", name), ("set", set_code)):
        if not isinstance(value, str) or not value.strip():
            errs.add(i, key, f"falta el campo {key}")
    if isinstance(code, str) and (len(code) > 24 or any(c.isspace() for c in code.strip())):
        errs.add(i, "code", f"código no válido {code!r} (sin espacios, 24 caracteres como máximo)")
    if isinstance(set_code, str) and set_code.strip() and set_code not in set_codes:
        errs.add(i, "set", f"la colección {set_code!r} no está en \"sets\"")
    types = find_game(game).card_types
    if ctype not in types:
        errs.add(i, "type", f"tipo {ctype!r} no existe en {game}; se espera {', '.join(types)}")
    editions = raw.get("editions")
    if not isinstance(editions, list) or not editions:
        errs.add(i, "editions", "cada carta necesita al menos una edición")
    if len(errs.items) != before:
        return None
    unknown = set(raw) - {"code", "set", "name", "type", "editions", RECORD_KEY}
    for extra in sorted(unknown):
        errs.add(i, extra, "campo desconocido en la identidad de la carta")
    parsed = [parse_edition(ed, ctype, errs, str(i), n) for n, ed in enumerate(editions, 1)]
    numbers = [p["edition"] for p in parsed if p]
    if len(numbers) != len(set(numbers)):
        errs.add(i, "edition", "número de edición repetido")
    if len(errs.items) != before:
        return None
    return CardRecord(str(i), code.strip(), set_code, name.strip(), ctype, parsed)  # type: ignore[arg-type]
