"""A real server for the attack tests: gunicorn with the production settings (SECURE=1, DEBUG=0),
its own database (a SQLite file, or a fresh PostgreSQL database when DATABASE_URL names a
PostgreSQL server), the shared cache the environment names (REDIS_URL, else the file cache) and
the bundled catalogue, with three players: alice (an API token and a private deck), bob, and
staff (a staff account with a password)."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HOST = "eliria.example.org"
PASSWORD = "una-clave-larga-para-probar-9"
SETUP = """
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from decks.services import deck_create, specs_from_list
alice = User.objects.create_user("alice", "alice@example.org", "{password}")
User.objects.create_user("bob", "bob@example.org", "{password}")
User.objects.create_user("staff", "staff@example.org", "{password}", is_staff=True, is_superuser=True)
deck = deck_create(owner=alice, game="eliria", name="Mazo secreto de Alice", visibility="private",
                   entries=specs_from_list(game="eliria", text="1 Lobo de ceniza")[0])
print("RESULT", Token.objects.create(user=alice).key, deck.pk)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _database_url(folder: Path) -> tuple[str, str | None]:
    """A database of the server's own: (url, PostgreSQL database to drop afterwards)."""
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        return f"sqlite:///{folder / 'attack.sqlite3'}", None
    import psycopg

    name = f"attack_{secrets.token_hex(4)}"
    parsed = urllib.parse.urlparse(base)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return parsed._replace(path=f"/{name}").geturl(), name


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class LiveServer:
    port: int
    env: dict[str, str]
    token: str = ""
    deck_id: int = 0
    process: subprocess.Popen[bytes] | None = None
    drop_db: str | None = None
    log: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def request(
        self, method: str, path: str, body: bytes | str | None = None, headers: dict[str, str] | None = None,
        timeout: float = 60,
    ) -> Answer:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        sent = {"Host": HOST, "X-Forwarded-Proto": "https", **(headers or {})}
        data = body.encode() if isinstance(body, str) else body
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        answer = Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        conn.close()
        return answer

    def post_json(self, path: str, payload: Any, headers: dict[str, str] | None = None) -> Answer:
        raw = payload if isinstance(payload, (bytes, str)) else json.dumps(payload)
        return self.request("POST", path, raw, {"Content-Type": "application/json", **(headers or {})})

    def manage(self, *args: str, stdin: str | None = None) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, input=stdin,
            capture_output=True, text=True, timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def worker_pids(self) -> list[int]:
        assert self.process is not None
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return [int(pid) for pid in out.split()]

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.drop_db:
            import psycopg

            with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.drop_db}" WITH (FORCE)')


def start(folder: Path, workers: int = 2, **overrides: str) -> LiveServer:
    url, drop = _database_url(folder)
    env = {
        k: v for k, v in os.environ.items()
        if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE", "DATABASE_URL")
    }
    env.update({
        "DATABASE_URL": url, "SECURE": "1", "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(60),
        "ALLOWED_HOSTS": f"{HOST},127.0.0.1", "CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
        "MEDIA_ROOT": str(folder / "media"), "CACHE_DIR": str(folder / "cache"), "STATIC_ROOT": str(folder / "static"),
        "CACHE_PREFIX": f"attack-{secrets.token_hex(4)}", "PYTHONDONTWRITEBYTECODE": "1",
        # Floods in one test must not spend another's budget; the goldfish limit stays the real one.
        "THROTTLE_ANON": "100000/min", "THROTTLE_USER": "100000/min",
        **overrides,
    })
    server = LiveServer(port=free_port(), env=env, drop_db=drop, log=folder / "gunicorn.log")
    server.manage("migrate", "-v0")
    server.manage("load_bundled")
    server.manage("collectstatic", "--noinput", "-v0")
    out = server.manage("shell", "-c", SETUP.format(password=PASSWORD))
    token, deck = out.split("RESULT", 1)[1].split()
    server.token, server.deck_id = token, int(deck)
    server.process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "eliria_site.wsgi", "-b", f"127.0.0.1:{server.port}",
         "-w", str(workers), "--timeout", "60", "--log-level", "warning", "--control-socket", str(folder / "gunicorn.ctl")],
        cwd=ROOT, env=env, stdout=open(server.log, "wb"), stderr=subprocess.STDOUT,
    )
    for _ in range(150):
        try:
            if server.request("GET", "/healthz", timeout=2).status in (200, 503):
                return server
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"gunicorn did not start: {server.log.read_text() if server.log else ''}")
