"""Production settings, security headers and throttling."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "SECURE": "1", "DEBUG": "0", "SECRET_KEY": "k" * 20 + "-production-secret-key-with-enough-entropy-" + "z" * 10,
    "ALLOWED_HOSTS": "eliria.example.org", "CSRF_TRUSTED_ORIGINS": "https://eliria.example.org",
}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "SECURE", "DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_the_documented_production_environment():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_real_secret_key():
    env = {**PRODUCTION, "SECRET_KEY": "short"}
    result = manage("check", env=env)
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


@pytest.mark.django_db
def test_pages_carry_a_csp_without_inline_script_and_security_headers(client):
    r = client.get("/")
    csp = r["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert r["X-Content-Type-Options"] == "nosniff" and r["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_goldfish_is_throttled_with_retry_after(api_client, settings):
    from rest_framework.settings import api_settings

    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "goldfish": "3/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    api_settings.reload()
    try:
        from common.throttling import GoldfishThrottle

        GoldfishThrottle.THROTTLE_RATES = rates
        codes = [
            api_client.post("/api/goldfish/", {"game": "eliria", "list": "", "games": 1}, format="json").status_code
            for _ in range(5)
        ]
        assert codes[:3] != [429, 429, 429] and codes[-1] == 429
        r = api_client.post("/api/goldfish/", {"game": "eliria", "list": "", "games": 1}, format="json")
        assert int(r["Retry-After"]) > 0
    finally:
        from rest_framework.throttling import SimpleRateThrottle

        GoldfishThrottle.THROTTLE_RATES = SimpleRateThrottle.THROTTLE_RATES
        api_settings.reload()
