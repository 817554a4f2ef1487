"""Steps the browser tests share: signing in through the real login form, and the screenshots at a
phone's and a desktop's width with the check that no page scrolls sideways."""

from __future__ import annotations

from pathlib import Path


def log_in(page, live_server, username: str, password: str, next_url: str) -> None:  # type: ignore[no-untyped-def]
    """Sign in through /cuenta/login/ and wait until the site has sent the player on to next_url."""
    page.goto(f"{live_server.url}/cuenta/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"**{next_url}")


def no_sideways_scroll(page, name: str, width: int) -> None:  # type: ignore[no-untyped-def]
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"{name} at {width} px scrolls sideways by {overflow} px"


def shoot_full_pages(page, folder: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    """Whole-page screenshots at 360 and 1366 px, each checked for sideways scrolling."""
    folder.mkdir(parents=True, exist_ok=True)
    for width in (360, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)  # charts redraw at the new width
        page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
        no_sideways_scroll(page, name, width)
