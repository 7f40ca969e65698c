"""Deployments for load benchmarks, started from nothing and stopped at the end, errors or not:

- `embedded`: `agent-platform serve --migrate` with default process settings on a new SQLite
  database (turns run in serve's in-process job threads);
- `postgres`: a throwaway PostgreSQL cluster (initdb, trust authentication, its own socket
  directory and free port in a temporary directory; as root it runs as the `postgres` user)
  and a throwaway Redis, `agent-platform migrate`, `agent-platform serve --workers 2` and two
  `agent-platform worker` processes.

`settings` adds environment variables to every process of the deployment (default: none, the
service's own defaults). Each yields a `Deployment`: its base URL and the processes whose
resident memory is watched; `bootstrap` sets up an organization on it through the API.
Traffic stays on 127.0.0.1.
"""
from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import httpx

from bench._support import ROOT, SECRET, free_port

ADMIN_TOKEN = "bench-admin-token-0123456789"


@dataclass
class Deployment:
    name: str
    base: str
    port: int
    serve: subprocess.Popen
    workers: list = field(default_factory=list)
    log_dir: str = ""

    def processes(self) -> dict[str, int]:
        """{label: pid}: serve and each process under it, and each worker."""
        out = {"serve": self.serve.pid}
        for pid in _descendants(self.serve.pid):
            out[f"serve child {pid}"] = pid
        for n, worker in enumerate(self.workers, start=1):
            out[f"worker {n}"] = worker.pid
        return out


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        for path in glob.glob(f"/proc/{current}/task/*/children"):
            try:
                with open(path) as fh:
                    kids = [int(c) for c in fh.read().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found


def rss_mb(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time the process has used so far (its own threads, not children):
    it depends far less on what else the machine runs than latency does."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _base_env(data_dir: str, port: int) -> dict:
    """The caller's environment without the service's own settings, plus the benchmark's."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AGENT_PLATFORM_") and k not in ("DATABASE_URL", "REDIS_URL")}
    env.update({"AGENT_PLATFORM_DATA_DIR": data_dir, "AGENT_PLATFORM_SECRET_KEY": SECRET,
                "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN,
                "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1", "AGENT_PLATFORM_PORT": str(port),
                "AGENT_PLATFORM_LOG_LEVEL": "WARNING"})
    return env


def _cli(args: list[str], env: dict, log_path: str, nice: int = 0) -> subprocess.Popen:
    """`agent-platform <args>` in the background; `nice` lowers its CPU priority (every thread
    it starts inherits it)."""
    with open(log_path, "ab") as log:
        return subprocess.Popen([sys.executable, "-m", "server.cli", *args], cwd=ROOT, env=env,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                preexec_fn=(lambda: os.nice(nice)) if nice else None)


def _stop(processes) -> None:
    for proc in processes:
        if proc is not None and proc.poll() is None:
            proc.terminate()
    for proc in processes:
        if proc is None:
            continue
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def _clean(root: str, keep_logs: bool) -> None:
    """Remove the deployment's directory, or all but its logs."""
    if not keep_logs:
        shutil.rmtree(root, ignore_errors=True)
        return
    for path in glob.glob(f"{root}/*"):
        if not path.endswith(".log"):
            shutil.rmtree(path, ignore_errors=True)
    print(f"logs kept in {root}", file=sys.stderr, flush=True)


def _wait_ready(base: str, proc: subprocess.Popen, log_path: str) -> None:
    deadline = time.monotonic() + 180  # a busy 2-core machine starts serve slowly
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"serve exited ({proc.returncode}); see {log_path}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"serve did not start; see {log_path}")


@contextlib.contextmanager
def embedded(keep_logs: bool = False, settings: dict | None = None, nice: int = 0):
    root = tempfile.mkdtemp(prefix="bench-conc-embedded-")
    port = free_port()
    env = {**_base_env(f"{root}/data", port), "DATABASE_URL": f"sqlite:///{root}/data/bench.db",
           **(settings or {})}
    log = f"{root}/serve.log"
    serve = _cli(["serve", "--migrate"], env, log, nice)
    try:
        _wait_ready(f"http://127.0.0.1:{port}", serve, log)
        yield Deployment("embedded", f"http://127.0.0.1:{port}", port, serve, log_dir=root)
    finally:
        _stop([serve])
        _clean(root, keep_logs)


def _pg_bin() -> str:
    if shutil.which("initdb") and shutil.which("pg_ctl"):
        return os.path.dirname(shutil.which("initdb"))
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                   key=lambda p: [int(x) for x in p.split("/")[-2].split(".") if x.isdigit()])
    if not found:
        raise RuntimeError("PostgreSQL (initdb, pg_ctl) is not installed (Debian: postgresql)")
    return found[-1]


def _as_pg(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.getuid() == 0 else args


@contextlib.contextmanager
def _postgres(root: str):
    pg_bin, data = _pg_bin(), f"{root}/pg"
    os.makedirs(data)
    if os.getuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(data, "postgres")
    port = free_port()
    subprocess.run(_as_pg([f"{pg_bin}/initdb", "-D", data, "-U", "postgres", "--auth=trust",
                           "-E", "UTF8", "--no-sync"]), check=True, capture_output=True,
                   timeout=120)
    options = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300 "
               "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
    try:
        subprocess.run(_as_pg([f"{pg_bin}/pg_ctl", "-D", data, "-l", f"{root}/pg.log", "-w",
                               "-t", "60", "-o", options, "start"]), check=True,
                       capture_output=True, timeout=90)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_pg([f"{pg_bin}/pg_ctl", "-D", data, "-m", "immediate", "-w",
                               "stop"]), check=False, capture_output=True, timeout=60)


@contextlib.contextmanager
def _redis(root: str):
    if not shutil.which("redis-server"):
        raise RuntimeError("redis-server is not installed (Debian: redis-server)")
    import redis

    port = free_port()
    proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(port),
                             "--save", "", "--appendonly", "no", "--dir", root,
                             "--logfile", f"{root}/redis.log"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                redis.Redis(port=port, socket_connect_timeout=1).ping()
                break
            except redis.RedisError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        _stop([proc])


@contextlib.contextmanager
def postgres_redis(workers: int = 2, serve_workers: int = 2, keep_logs: bool = False,
                   settings: dict | None = None):
    root = tempfile.mkdtemp(prefix="bench-conc-pg-")
    os.chmod(root, 0o755)
    port = free_port()
    processes = []
    try:
        with _postgres(root) as database_url, _redis(root) as redis_url:
            env = {**_base_env(f"{root}/data", port), "DATABASE_URL": database_url,
                   "REDIS_URL": redis_url, **(settings or {})}
            migrate = subprocess.run([sys.executable, "-m", "server.cli", "migrate"], cwd=ROOT,
                                     env=env, check=False, capture_output=True, timeout=300)
            if migrate.returncode:
                raise RuntimeError(f"migrate failed: {migrate.stderr.decode()[-2000:]}")
            log = f"{root}/serve.log"
            serve = _cli(["serve", "--workers", str(serve_workers)], env, log)
            processes.append(serve)
            processes += [_cli(["worker"], env, f"{root}/worker{n}.log")
                          for n in range(1, workers + 1)]
            try:
                _wait_ready(f"http://127.0.0.1:{port}", serve, log)
                yield Deployment("postgres", f"http://127.0.0.1:{port}", port, serve,
                                 processes[1:], log_dir=root)
            finally:
                _stop(processes)
    finally:
        _clean(root, keep_logs)


def _raise_limits(client: httpx.Client, admin: dict, org_id: str, most: int) -> dict:
    """Lift the organization's limits: no request rate or run quota, and any concurrency
    limit the API offers (a property of OrgLimitsUpdate naming concurrency, in-flight,
    parallel or active work) above the largest N. Optional: a 400 or 404 is noted and
    ignored."""
    props = (client.get("/openapi.json").json().get("components", {}).get("schemas", {})
             .get("OrgLimitsUpdate", {}).get("properties", {}))
    concurrency = [k for k in props
                   if any(w in k for w in ("concurren", "in_flight", "parallel", "active"))]
    base = {k: 0 for k in ("requests_per_minute", "runs_per_month") if k in props}
    status = None
    for value in (max(2 * most, 2000), 0, None):
        body = {**base, **({k: value for k in concurrency} if value is not None else {})}
        resp = client.put(f"/v1/admin/orgs/{org_id}/limits", json=body, headers=admin)
        status = resp.status_code
        if status == 200:
            return {"status": 200, "set": body}
        if not concurrency:
            break
    return {"status": status, "set": None}


def bootstrap(dep: Deployment, model_port: int, most: int) -> dict:
    """An organization and its API key, its limits lifted, its `openai` provider at the model
    server on model_port, an agent on it, a network of that agent deployed to prod and a
    workflow of one step running the agent."""
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.Client(base_url=dep.base, timeout=60) as client:
        def ok(resp):
            if resp.status_code >= 300:
                raise RuntimeError(f"{resp.request.method} {resp.request.url.path}: "
                                   f"{resp.status_code} {resp.text[:300]}")
            return resp.json()

        org = ok(client.post("/v1/admin/orgs", json={"name": "bench concurrency"},
                             headers=admin))
        key = ok(client.post(f"/v1/admin/orgs/{org['id']}/api-keys", json={},
                             headers=admin))["key"]
        auth = {"Authorization": f"Bearer {key}"}
        limits = _raise_limits(client, admin, org["id"], most)
        ok(client.put("/v1/model-config", headers=auth, json={
            "default_provider": "openai",
            "providers": {"openai": {"base_url": f"http://127.0.0.1:{model_port}/v1"}}}))
        agent = ok(client.post("/v1/agents", headers=auth, json={
            "name": "Slow", "description": "Answers slowly", "instructions": "Answer.",
            "model": {"provider": "openai", "name": "slow-model"}}))["agent"]["id"]
        copilot = ok(client.post("/v1/copilots", headers=auth, json={
            "name": "Slow network", "agents": [{"agentId": agent}]}))["copilot"]["id"]
        prod = ok(client.post(f"/v1/copilots/{copilot}/deploy", headers=auth,
                              json={"target": "prod"}))["copilot"]["id"]
        workflow = ok(client.post("/v1/workflows", headers=auth, json={
            "name": "One agent step",
            "steps": [{"id": "ask", "type": "agent", "ref": agent, "input": "Hello"}]}
        ))["workflow"]["id"]
    return {"org_id": org["id"], "key": key, "auth": auth, "agent": agent, "prod": prod,
            "workflow": workflow, "limits": limits}
