"""Rulings API (docs/contract.md §8) and the rulings on the card detail."""

from __future__ import annotations

import pytest

OFFICIAL_DATES = ["2026-02-20", "2026-04-10", "2026-04-11", "2026-04-13", "2026-05-11"]


@pytest.mark.django_db
def test_list_has_the_five_rulings_with_their_dates(bundled, api_client):
    body = api_client.get("/api/rulings/").json()
    assert set(body) >= {"count", "next", "previous", "results"} and body["count"] == 5
    assert [r["date"] for r in body["results"]] == OFFICIAL_DATES
    assert [r["number"] for r in body["results"]] == [1, 2, 3, 4, 5]


@pytest.mark.django_db
def test_list_searches_and_filters_by_card(bundled, api_client):
    def numbers(**params: str) -> list[int]:
        return [r["number"] for r in api_client.get("/api/rulings/", params).json()["results"]]

    assert numbers(q="SACRIFICIO") == [1]
    assert numbers(q="antigua") == [3]
    assert numbers(card="BASE-180") == [5]
    assert numbers(card="BASE-150") == [1]  # mentioned
    assert numbers(card="NOPE-1") == []


@pytest.mark.django_db
def test_detail_fields(bundled, api_client):
    body = api_client.get("/api/rulings/1/").json()
    assert body["number"] == 1 and body["title"] == "PRIMERO" and body["date"] == "2026-02-20"
    assert body["cards"] == ["BASE-105"] and body["all_cards"] is False
    assert body["mentions"] == ["BASE-108", "BASE-150"] and body["unresolved"] == []
    assert body["edition"] == "Primera edición" and body["code"] == "260220"
    assert body["considerations"].startswith("En la primera edición de la colección BASE")
    assert body["criterion"].endswith("Las ediciones futuras de la carta ya vendrán con el texto ajustado.")
    assert "expresamente" in body["site_behaviour"]
    assert body["url"].endswith("/resoluciones/1/")
    tercero = api_client.get("/api/rulings/3/").json()
    assert tercero["all_cards"] is True and tercero["cards"] == []


@pytest.mark.django_db
def test_unknown_number_is_404(bundled, api_client):
    assert api_client.get("/api/rulings/42/").status_code == 404


@pytest.mark.django_db
def test_unresolved_codes_are_listed(api_client, tmp_path):
    import json

    from rulings.services import rulings_import
    from tests.factories import EditionFactory

    EditionFactory(card__code="TST-100")
    doc = {
        "format": "rulings/1",
        "rulings": [
            {
                "number": 8,
                "title": "OCTAVO",
                "date": "2026-08-08",
                "cards": ["TST-100", "TST-404"],
                "considerations": "C.",
                "criterion": "D.",
            }
        ],
    }
    (tmp_path / "r.json").write_text(json.dumps(doc), encoding="utf-8")
    rulings_import(paths=[tmp_path / "r.json"])
    assert api_client.get("/api/rulings/8/").json()["unresolved"] == ["TST-404"]
    assert api_client.get("/api/rulings/").json()["results"][0]["unresolved"] == ["TST-404"]


@pytest.mark.django_db
def test_card_detail_lists_primero_for_base_105(bundled, api_client):
    rulings = api_client.get("/api/cards/eliria/BASE-105/").json()["rulings"]
    assert [(r["number"], r["title"], r["date"]) for r in rulings] == [
        (3, "TERCERO", "2026-04-11"),
        (1, "PRIMERO", "2026-02-20"),
    ]
    assert rulings[1]["url"].endswith("/resoluciones/1/")


@pytest.mark.django_db
def test_rulings_are_in_the_openapi_schema(api_client):
    schema = api_client.get("/api/schema/", {"format": "json"}).json()
    assert "/api/rulings/" in schema["paths"]
    detail = schema["paths"]["/api/rulings/{number}/"]["get"]
    assert {"200", "404"} <= set(detail["responses"])
    params = {p["name"] for p in schema["paths"]["/api/rulings/"]["get"]["parameters"]}
    assert {"q", "card", "page"} <= params
    props = schema["components"]["schemas"]["Ruling"]["properties"]
    assert {"number", "title", "date", "cards", "all_cards", "considerations", "criterion"} <= set(props)
