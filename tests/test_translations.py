"""Both languages complete: no message in locale/en is untranslated or fuzzy, and the compiled
catalogue matches the source (make run compiles it with `compilemessages`)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

PO = Path(__file__).resolve().parent.parent / "locale" / "en" / "LC_MESSAGES" / "django.po"


def _entries(text: str) -> list[dict[str, object]]:
    """The .po entries: msgid, msgstr (joined, plural forms too) and flags; the header skipped."""
    out = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#~")]
        if not any(line.startswith("msgid ") for line in lines):
            continue
        flags = " ".join(line for line in lines if line.startswith("#,"))
        fields: dict[str, list[str]] = {}
        key = ""
        for line in lines:
            match = re.match(r"^(msgid|msgid_plural|msgstr(?:\[\d+\])?|msgctxt) (\".*\")$", line)
            if match:
                key = match.group(1)
                fields[key] = [match.group(2)[1:-1]]
            elif line.startswith('"') and key:
                fields[key].append(line[1:-1])
        msgid = "".join(fields.get("msgid", []))
        if not msgid:
            continue  # the header
        strs = ["".join(v) for k, v in fields.items() if k.startswith("msgstr")]
        out.append({"msgid": msgid, "msgstrs": strs, "fuzzy": "fuzzy" in flags})
    return out


def test_every_english_message_is_translated_and_none_is_fuzzy():
    entries = _entries(PO.read_text(encoding="utf-8"))
    assert len(entries) > 500
    untranslated = [e["msgid"] for e in entries if any(not s for s in e["msgstrs"])]
    fuzzy = [e["msgid"] for e in entries if e["fuzzy"]]
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_the_catalogue_compiles_cleanly(tmp_path):
    result = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), str(PO)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_spanish_speaks_tu_even_in_djangos_own_account_messages(client):
    html = client.get("/cuenta/registro/").content.decode()
    assert "Tu contraseña no puede tener solo números." in html
    assert "introduzca" not in html.lower() and "Su contraseña" not in html and "carácteres" not in html


def test_messages_by_code_show_english_and_never_lose_a_message():
    from django.utils import translation

    from common.messages import message_for

    messages = {"deck.short": "Faltan %(n)s cartas."}  # a plain str: no catalogue needed
    with translation.override("es"):  # Spanish: the text as its maker wrote it
        assert message_for(messages, "deck.short", {"n": 3}, "Línea 2: Faltan 3 cartas.", line=2) == (
            "Línea 2: Faltan 3 cartas."
        )
    with translation.override("en"):
        assert message_for(messages, "deck.short", {"n": 3}, "Línea 2: …", line=2) == "Line 2: Faltan 3 cartas."
        assert message_for(messages, "deck.unknown", {}, "Texto nuevo.") == "Texto nuevo."  # unknown code: as made
        assert message_for(messages, "", {}, "Sin código.") == "Sin código."
        assert message_for(messages, "deck.short", {}, "Faltan 3 cartas.") == "Faltan 3 cartas."  # params missing
        assert message_for(messages, "deck.short", {"n": 3}, "") == ""


def test_engine_messages_read_in_english_by_code_with_their_line():
    """A deck list's problems in English, by code, with their line (tests/decks/test_pages.py: on a page)."""
    from django.utils import translation

    from decks.messages import violation_message
    from engine import MemoryLookup, validate_decklist

    report = validate_decklist("Mazo:\n0 Nadie\n2 Nadie (X-1)\n", "eliria", MemoryLookup([]))
    with translation.override("en"):
        texts = [violation_message(v) for v in (*report.errors, *report.warnings)]
    assert texts[0] == "Line 2: the quantity must be at least 1."
    assert texts[1].startswith("Line 3: ") and "X-1" in texts[1] and "no existe" not in texts[1]
    assert all("Línea" not in t for t in texts) and len(texts) == 4  # + no_combat and too_small warnings
