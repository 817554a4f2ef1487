"""The README's screenshots: the site's main pages in a real Chromium, at a phone's and a
desktop's width, in Spanish and English, written to docs/screenshots/ as small PNGs.

It needs a running site whose database has the bundled catalogue; it makes (or finds again) a
player with an Eliria deck of two revisions and a Misión deck, through the site's own services,
so a rerun changes nothing but the pictures. One way, from the repository's root:

    export DATABASE_URL=sqlite:////tmp/shots.sqlite3
    .venv/bin/python manage.py migrate -v 0 && .venv/bin/python manage.py load_bundled
    .venv/bin/python manage.py runserver 127.0.0.1:8765 --noreload &
    .venv/bin/python manage.py sim_worker &   # the comparison is a queued run
    .venv/bin/python scripts/screenshots.py --base http://127.0.0.1:8765

By default only the pictures the README shows are written (SHOTS); ``--all`` writes every page
at both widths in both languages (``<page>-<lang>-<width>.png``). Each picture is the first
screen of the page (what a player sees on arrival), a desktop one scaled to 960 px wide, and
saved as a 256-colour PNG.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
USERNAME, PASSWORD = "capturas", "Capturas-de-fision-9"
WIDTHS = {360: 760, 1366: 860}  # viewport width -> height of the first screen shot
DESKTOP_WIDTH = 960  # desktop pictures are scaled to this width

# The README's pictures: (page, language, width).
SHOTS = [
    ("catalogue", "es", 1366),
    ("card", "es", 360),
    ("builder", "es", 1366),
    ("deck-mision", "es", 360),
    ("goldfish", "es", 1366),
    ("compare", "en", 1366),
    ("table", "es", 360),
    ("catalogue", "en", 360),
]


def prepare() -> dict[str, int]:
    """The player and the decks the pages show, made once through the site's services."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from decks.models import Deck
    from decks.services import deck_import_list
    from tests.factories import MISION_LIST, eliria_two_revisions

    if not Card.objects.exists():
        raise SystemExit("The site has no catalogue: run `manage.py load_bundled` first.")
    user, made = get_user_model().objects.get_or_create(username=USERNAME, defaults={"email": "c@example.com"})
    if made:
        user.set_password(PASSWORD)
        user.save()
    decks = {d.name: d for d in Deck.objects.filter(owner=user)}
    # Two revisions: the compare page reads what changed between them.
    eliria = decks.get("Espinas") or eliria_two_revisions(user, name="Espinas")
    mision = decks.get("Rescate") or deck_import_list(owner=user, game="mision", text=MISION_LIST, name="Rescate")[0]
    return {"eliria": eliria.pk, "mision": mision.pk}


def settle(page: Any, ready: str, top: str, block: str = "start") -> None:
    """Wait until *ready* is on the page (through any navigation a run makes), then scroll *top* to
    the top of the screen (or its middle: ``block="center"``)."""
    from playwright.sync_api import Error

    for _ in range(5):
        try:
            page.wait_for_selector(ready, timeout=90_000)
            page.wait_for_load_state("networkidle")
            page.eval_on_selector(top, "(e, block) => e.scrollIntoView({block})", block)
            return
        except Error:  # the page navigated under us: look again
            page.wait_for_load_state()
    raise SystemExit(f"{page.url}: {ready} never appeared")


def log_in(page: Any, base: str) -> None:
    page.goto(f"{base}/cuenta/login/?next=/mazos/")
    page.fill("#id_username", USERNAME)
    page.fill("#id_password", PASSWORD)
    page.click("form.stack button[type=submit]")
    page.wait_for_url("**/mazos/")


def pages(ids: dict[str, int]) -> dict[str, tuple[str, Callable[[Any], None]]]:
    """Each page: its path, and what to do there before the picture (fill a form, wait for charts)."""

    def nothing(page: Any) -> None:
        page.wait_for_load_state("networkidle")

    def goldfish(page: Any) -> None:
        page.fill("#id_games", "200")
        page.click("form.goldfish-form button[type=submit]")
        settle(page, "#goldfish-result figure.uchart.is-drawn canvas", "#goldfish-result figure.uchart", "center")

    def compare(page: Any) -> None:
        page.fill("#id_games", "500")
        page.click("#compare-run")  # a queued run: its page follows the run, then shows the answer
        settle(page, "figure.uchart.is-drawn", "#compare-headline")

    def builder(page: Any) -> None:
        page.fill("#builder-q", "t:combat pot>=5")
        page.press("#builder-q", "Enter")
        page.wait_for_selector("#results li.result")
        page.wait_for_load_state("networkidle")

    def table(page: Any) -> None:  # the hand, with the sticky bar of the pending decision
        settle(page, "#table .hand-card", "#table .hand-card", "center")

    return {
        "catalogue": ("/cartas/?q=t%3Acombat", nothing),
        "card": ("/cartas/eliria/BASE-108/", nothing),
        "builder": (f"/mazos/{ids['eliria']}/", builder),
        "deck-mision": (f"/mazos/{ids['mision']}/", nothing),
        "goldfish": (f"/goldfish/?deck={ids['eliria']}", goldfish),
        "compare": (f"/mazos/comparar/?deck={ids['eliria']}", compare),
        "table": (f"/goldfish/mesa/?deck={ids['eliria']}&seed=7", table),
    }


def save(png: bytes, path: Path, width: int) -> None:
    """The picture, a desktop one scaled down, in 256 colours: a few dozen kB each."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    if width > DESKTOP_WIDTH:
        image = image.resize((DESKTOP_WIDTH, round(image.height * DESKTOP_WIDTH / width)), Image.LANCZOS)
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="http://127.0.0.1:8765", help="the running site's address")
    parser.add_argument("--all", action="store_true", help="every page, width and language")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    ids = prepare()
    found = pages(ids)
    shots = [(p, lang, w) for p in found for lang in ("es", "en") for w in WIDTHS] if args.all else SHOTS
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for lang in ("es", "en"):
            context = browser.new_context(viewport={"width": 1366, "height": 860})
            page = context.new_page()
            log_in(page, args.base)
            page.goto(f"{args.base}/idioma/{lang}/?next=/")
            for name, shot_lang, width in shots:
                if shot_lang != lang:
                    continue
                path, ready = found[name]
                page.set_viewport_size({"width": width, "height": WIDTHS[width]})
                page.goto(args.base + path)
                ready(page)
                page.wait_for_timeout(300)  # charts redraw at the width
                target = args.out / (f"{name}-{lang}-{width}.png")
                save(page.screenshot(), target, width)
                print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
