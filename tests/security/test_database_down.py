"""PostgreSQL down (attack finding, low): the API answered HTML 500s (no JSON, no Retry-After) and
no page was served. Now every API answer is a JSON 503 with Retry-After, a page a 503 that says so
(with Retry-After), and the anonymous pages the site keeps are still served. A real gunicorn server
(tests/security/live.py) on a PostgreSQL cluster of the test's own, stopped and started again."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.security.live import LiveServer, free_port, start

pytestmark = pytest.mark.live

PGBIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1:] or [""]


class Cluster:
    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.user = "postgres" if shutil.which("runuser") and _user_exists("postgres") else "nobody"

    def _run(self, *args: str) -> None:
        command = list(args)
        if os.getuid() == 0:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd="/", timeout=120)

    def init(self) -> None:
        if os.getuid() == 0:
            shutil.chown(self.folder, self.user)
        self._run(f"{PGBIN[0]}/initdb", "-D", f"{self.folder}/data", "--auth=trust", "-U", "postgres", "-E", "UTF8")

    def start(self) -> None:
        self._run(f"{PGBIN[0]}/pg_ctl", "-D", f"{self.folder}/data", "-l", f"{self.folder}/log", "-w", "-o",
                  f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off", "start")

    def stop(self) -> None:
        self._run(f"{PGBIN[0]}/pg_ctl", "-D", f"{self.folder}/data", "-m", "immediate", "stop")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@pytest.fixture(scope="module")
def down(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Cluster]]:
    if not PGBIN[0]:
        pytest.skip("needs PostgreSQL's binaries (scripts/with_pg.sh installs them)")
    folder = tmp_path_factory.mktemp("pgdown")
    # The cluster's folder outside pytest's own (which only root may enter): PostgreSQL runs as another user.
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="pgdown.")))
    cluster.init()
    cluster.start()
    old = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = cluster.url  # start() makes the site's database in this cluster
    try:
        # One gunicorn worker: each process keeps its own copy of the anonymous pages (PAGE_CACHE_BYTES),
        # and with two, nothing says both answered the warm-up requests (the full suite's load showed it).
        server = start(folder / "site", workers=1)
    finally:
        if old is None:
            os.environ.pop("DATABASE_URL")
        else:
            os.environ["DATABASE_URL"] = old
    try:
        yield server, cluster
    finally:
        server.drop_db = None
        server.stop()
        try:
            cluster.stop()
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(cluster.folder, ignore_errors=True)


def test_with_the_database_down_the_api_answers_json_503_pages_say_so_and_kept_pages_are_served(down):
    server, cluster = down
    token = {"Authorization": f"Token {server.token}"}
    session = {"Cookie": "sessionid=0123456789abcdefghijklmnopqrstuv"}  # read from the database by a middleware
    kept = [server.request("GET", "/cartas/") for _ in range(3)]  # the worker keeps it
    assert {a.status for a in kept} == {200} and any(a.headers.get("x-cache") == "hit" for a in kept)
    cluster.stop()
    try:
        for path, headers in (("/api/cards/", {}), ("/api/decks/", token), ("/api/cards/", session),
                              ("/api/sets/", {})):
            answer = server.request("GET", path, headers=headers)
            assert answer.status == 503, (path, answer.status, answer.text[:200])
            assert answer.headers["content-type"] == "application/json"
            assert answer.json()["code"] == "database_unavailable" and answer.headers["retry-after"] == "15"
        for path, headers in (("/mazos/publicos/", {}), ("/", session)):
            answer = server.request("GET", path, headers=headers)
            assert answer.status == 503 and answer.headers["retry-after"] == "15", (path, answer.status)
            assert "text/html" in answer.headers["content-type"] and "base de datos no responde" in answer.text
        again = [server.request("GET", "/cartas/") for _ in range(4)]
        assert all(a.status == 200 and a.headers.get("x-cache") == "hit" for a in again)
        assert server.request("GET", "/healthz?check=database").status == 503
    finally:
        cluster.start()
    assert server.request("GET", "/api/cards/").status == 200  # back without a restart
    assert server.request("GET", "/api/decks/", headers=token).status == 200
