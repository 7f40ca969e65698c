"""A throwaway PostgreSQL 16 cluster with pgvector, from the binaries of the `pgserver` wheel
(a dev dependency): initdb into a temporary directory, started on a free port of 127.0.0.1
(as the `postgres` user when run as root: initdb refuses root), stopped and removed by
``stop``. Used by the vector tests (tests/pgvector.py) and `python -m bench knowledge`."""
from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class Cluster:
    """A throwaway PostgreSQL cluster of the pgserver wheel (PostgreSQL 16 + pgvector)."""

    def __init__(self, options: str = ""):
        # the wheel's binaries (importing the package would set up its own server manager)
        package = importlib.util.find_spec("pgserver").submodule_search_locations[0]
        self.bin = Path(package) / "pginstall" / "bin"
        self.root = Path(tempfile.mkdtemp(prefix="agent-platform-pgvector."))
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.options = options  # more server settings (`-c name=value ...`)

    def start(self) -> "Cluster":
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        data = self.root / "data"
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(data), "-U",
                                     "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        subprocess.run(_as_postgres([
            str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(self.root / "server.log"),
            "-w", "-t", "60", "-o",
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200 "
            + self.options,
            "start"]), check=True, capture_output=True, timeout=90)
        return self

    def cpu_seconds(self) -> float:
        """CPU time the cluster's processes have used so far: the postmaster's own and that
        of its exited children (parallel workers, ...) plus every live child's (Linux)."""
        tick = os.sysconf("SC_CLK_TCK")
        postmaster = int((self.root / "data" / "postmaster.pid").read_text().split()[0])

        def fields(pid: int) -> list[str]:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()

        own = fields(postmaster)  # after the name: state, ppid, ...; utime is the 12th
        total = sum(int(x) for x in own[11:15])
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = fields(int(entry))
                except OSError:
                    continue
                if int(stat[1]) == postmaster:
                    total += int(stat[11]) + int(stat[12])
        return total / tick

    def stop(self) -> None:
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.root / "data"),
                                     "-m", "immediate", "-w", "stop"]),
                       capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)
