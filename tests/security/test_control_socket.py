"""Two sites started by one user (`make run`, scripts/serve.sh) each keep gunicorn's control socket
in their own run folder (SUPERVISOR_DIR), never in the one $HOME/.gunicorn/gunicorn.ctl that the
second site would take over from the first (attack finding, low)."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _is_socket(path: Path) -> bool:
    return path.exists() and stat.S_ISSOCK(path.stat().st_mode)


def test_two_sites_of_one_user_each_have_their_own_control_socket(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in {"REDIS_URL", "TASKS_BACKEND", "XDG_RUNTIME_DIR", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(HOME=str(home), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", CACHE_DIR=str(tmp_path / "cache"),
               MEDIA_ROOT=str(tmp_path / "media"), WORKERS="1", SIM_WORKERS="1")
    sites = []
    try:
        for name in ("a", "b"):
            run = tmp_path / f"run-{name}"
            run.mkdir()
            sites.append((run, subprocess.Popen(
                ["bash", "scripts/serve.sh"], cwd=ROOT, start_new_session=True,
                env={**env, "PORT": str(_free_port()), "SUPERVISOR_DIR": str(run)},
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)))
        limit = time.monotonic() + 120
        while time.monotonic() < limit and not all(_is_socket(run / "gunicorn.ctl") for run, _ in sites):
            time.sleep(0.2)
        assert all(_is_socket(run / "gunicorn.ctl") for run, _ in sites)
        assert not (home / ".gunicorn").exists()
    finally:
        for _, process in sites:
            os.killpg(process.pid, signal.SIGTERM)
        for _, process in sites:
            process.wait(60)
