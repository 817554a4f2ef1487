"""POST /api/decks/validate/: docs/contract.md §4 over the bundled catalogue."""

from __future__ import annotations

import pytest

URL = "/api/decks/validate/"


def validate(api_client, text, game="eliria"):  # type: ignore[no-untyped-def]
    r = api_client.post(URL, {"game": game, "list": text}, format="json")
    assert r.status_code == 200, r.content
    return r.json()


def codes(body, kind="errors"):  # type: ignore[no-untyped-def]
    return [e["code"] for e in body[kind]]


LEGAL = """# un mazo legal
Mazo:
1 Cañón del sacrificio (BASE-105)
Organismo de fisión
Lobo de ceniza
1x Defensa final
Destrucción alquímica
Tokens:
1 Token de fisión
"""


@pytest.mark.django_db
def test_a_legal_list_answers_exactly_as_the_contract_says(bundled, api_client):
    body = validate(api_client, LEGAL)
    assert set(body) == {"valid", "errors", "warnings", "sections"}
    assert body["valid"] is True and body["errors"] == []
    assert body["sections"] == {"main": 5, "tokens": 1}


@pytest.mark.django_db
def test_rule_4_duplicate_name_counts_different_codes_sharing_a_name(bundled, api_client):
    body = validate(api_client, "Mazo:\n1 Cañón del sacrificio (BASE-105)\nLobo de ceniza\n1 Cañón del sacrificio (EXP-010)\n")
    assert body["valid"] is False
    dup = [e for e in body["errors"] if e["code"] == "duplicate_name"]
    assert len(dup) == 1
    assert dup[0]["rule"] == "4" and dup[0]["line"] == 4
    assert dup[0]["cards"] == ["BASE-105", "EXP-010"]
    assert dup[0]["message"]


@pytest.mark.django_db
def test_names_match_without_case_or_accents_and_code_decides(bundled, api_client):
    body = validate(api_client, "2 CANON DEL SACRIFICIO\n")
    assert codes(body) == ["duplicate_name"]
    body = validate(api_client, "1 Nombre cualquiera (BASE-105)\n")
    assert body["errors"] == [] and body["sections"]["main"] == 1


@pytest.mark.django_db
def test_unknown_wrong_game_parse_error_token_in_deck(bundled, api_client):
    body = validate(api_client, "Mazo:\nCarta que no existe\nCapitana Marea\n1 Token de fisión\nTokens:\nLobo de ceniza\n???: :\n")
    found = {e["code"]: e for e in body["errors"]}
    assert found["unknown_card"]["line"] == 2
    assert found["wrong_game"]["line"] == 3
    assert found["token_in_deck"]["line"] == 4 and found["token_in_deck"]["rule"] == "14"
    assert found["wrong_section"]["line"] == 6
    assert "parse_error" in found


@pytest.mark.django_db
def test_eliria_warnings_no_combat_and_too_small(bundled, api_client):
    body = validate(api_client, "Defensa final\n")
    assert body["valid"] is True
    assert set(codes(body, "warnings")) == {"no_combat", "too_small"}


@pytest.mark.django_db
def test_mision_sections_and_too_few_cards(bundled, api_client):
    body = validate(api_client, "Entes:\nCapitana Marea\nElementos:\nGota de rocío\n", game="mision")
    assert [e["code"] for e in body["errors"]] == ["too_few_cards", "too_few_cards"]
    assert body["sections"] == {"entities": 1, "elements": 1}
    body = validate(api_client, "Elementos:\nCapitana Marea\n", game="mision")
    assert "wrong_section" in codes(body)


@pytest.mark.django_db
def test_validation_uses_the_current_text(bundled, api_client):
    # BASE-020's newest edition is the one checked; the list is legal regardless of edition order.
    assert validate(api_client, "Campeona del alba (BASE-020)\n")["errors"] == []


@pytest.mark.django_db
def test_bad_requests_are_400(api_client):
    assert api_client.post(URL, {"game": "poker", "list": ""}, format="json").status_code == 400
    assert api_client.post(URL, {"list": "x"}, format="json").status_code == 400
    r = api_client.post(URL, {"game": "eliria", "list": "a\n" * 600_000}, format="json")
    assert r.status_code in (400, 413)


@pytest.mark.django_db
def test_query_count_does_not_grow_with_the_list(bundled, api_client, django_assert_max_num_queries):
    from cards.models import Card

    names = list(Card.objects.filter(game="eliria").values_list("name", flat=True)[:60])
    with django_assert_max_num_queries(2):
        validate(api_client, "\n".join(names))


@pytest.mark.django_db
def test_the_api_keeps_the_engines_spanish_message_and_the_contract_keys_in_english_too(bundled, api_client):
    """Pages translate a problem by its message code; the API answers exactly docs/contract.md §4."""
    api_client.cookies["django_language"] = "en"
    body = validate(api_client, "Mazo:\n0 Lobo de ceniza\n2 Nadie (NO-1)\n")
    keys = {"code", "rule", "line", "cards", "message"}
    assert all(keys <= set(e) <= keys | {"suggestions"} for e in body["errors"]) and len(body["errors"]) == 2
    assert [e["message"] for e in body["errors"]] == [
        "Línea 2: la cantidad debe ser al menos 1.", "Línea 3: no existe ninguna carta con el código «NO-1»."
    ]
