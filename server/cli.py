"""The `agent-platform` command line. Bootstrap commands print JSON on stdout; every command
says on stderr which data directory and database it uses."""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

from core.settings import Settings


def _bind(settings: Settings):
    from core import bootstrap, db

    bootstrap.bootstrap(settings, role="cli")
    return db.database.obj


def _require_current_schema():
    from store import migrations

    todo = migrations.pending()
    if todo:
        raise SystemExit(f"the database schema is out of date ({', '.join(todo)}); "
                         "run `agent-platform migrate` first")


def cmd_migrate(settings, _args):
    from store import migrations
    from core import db

    _bind(settings)
    with db.connection():
        done = migrations.apply()
    print(json.dumps({"applied": done}))


def cmd_orgs_create(settings, args):
    from store import orgs
    from core import db

    _bind(settings)
    with db.connection():
        _require_current_schema()
        org = orgs.create(name=args.name)
    print(json.dumps({"id": org.id, "name": org.name}))


def cmd_orgs_list(settings, _args):
    from store import orgs
    from core import db

    _bind(settings)
    with db.connection():
        _require_current_schema()
        rows = orgs.list()
    print(json.dumps({"organizations": [orgs.to_dict(row) for row in rows]}))


def cmd_keys_create(settings, args):
    from store import keys
    from core import db

    _bind(settings)
    with db.connection():
        _require_current_schema()
        row, plaintext = keys.create(org_id=args.org, name=args.name, secret=settings.secret_key)
    print(json.dumps({"id": row.id, "key": plaintext}))


def cmd_keys_list(settings, args):
    from store import keys
    from core import db

    _bind(settings)
    with db.connection():
        _require_current_schema()
        rows = keys.list(org_id=args.org)
    print(json.dumps({"api_keys": [keys.to_dict(row) for row in rows]}))


def cmd_keys_revoke(settings, args):
    from store import keys
    from core import db

    _bind(settings)
    with db.connection():
        _require_current_schema()
        row = keys.revoke(key_id=args.key_id)
    print(json.dumps({"id": row.id, "revoked_at": row.revoked_at.isoformat() + "Z"}))


def cmd_secrets_rotate(settings, _args):
    from store import vault
    from core import db

    _bind(settings)
    with db.connection():
        _require_current_schema()
        counts = vault.rotate_all()
    print(json.dumps({"reencrypted": counts}))


def _document_process(settings):
    """Bind what an export, plan or apply needs in this process (the rebuild runs here, or
    on the queue when REDIS_URL is set)."""
    from jobs import tasks

    tasks.start(settings, role="cli")


def _document_body(args) -> tuple[bytes, dict]:
    """The document file's text and the placeholders' values: those of `--secrets FILE`,
    then the environment's variables named like a placeholder of the document."""
    import yaml

    from store.org_document import document

    with open(args.file, "rb") if args.file != "-" else sys.stdin.buffer as fh:
        text = fh.read()
    secrets = {}
    if args.secrets:
        with open(args.secrets, encoding="utf-8") as fh:
            loaded = yaml.safe_load(fh) or {}
        secrets.update(loaded.get("values", loaded) if isinstance(loaded, dict) else {})
    for name in sorted(set(re.findall(rb"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", text))):
        value = os.environ.get(name.decode())
        if value is not None and name.decode() not in secrets:
            secrets[name.decode()] = value
    if secrets:
        text += b"\n---\n" + document.to_yaml({"apiVersion": document.API_VERSION,
                                                "kind": "Secrets", "values": secrets}).encode()
    return text, secrets


def cmd_export(settings, args):
    from runtime import org_document
    from core import db
    from store.org_document import document

    _document_process(settings)
    with db.connection():
        _require_current_schema()
        doc, revision = org_document.export(org_id=args.org)
    sys.stdout.write(document.to_json(doc) if args.json else document.to_yaml(doc))
    _say(f"revision {revision}")


def cmd_plan(settings, args):
    from runtime import org_document
    from core import db

    _document_process(settings)
    text, _ = _document_body(args)
    with db.connection():
        _require_current_schema()
        result = org_document.plan(settings=settings, org_id=args.org, body=text,
                                   prune=args.prune, deploy=args.deploy)
    print(json.dumps(result, indent=2))
    if result["invalid"]:
        raise SystemExit(1)


def cmd_apply(settings, args):
    from runtime import org_document
    from core import db

    _document_process(settings)
    text, _ = _document_body(args)
    with db.connection():
        _require_current_schema()
        result = org_document.apply(settings=settings, org_id=args.org, body=text,
                                    prune=args.prune, deploy=args.deploy,
                                    if_match=args.if_match)
    print(json.dumps(result, indent=2))


def _observe(settings, *, fresh: bool = False) -> None:
    """Metrics of this process: the shared directory (``fresh``: files of processes that no
    longer run removed first) and the exposition port when set."""
    from jobs import queue, worker
    from core import metrics

    metrics.configure(settings)
    if fresh and metrics.enabled:
        metrics.prune_dead(settings)
    if metrics.serve_port(settings, [queue.QueueCollector(settings, worker.queues_of(settings))]):
        _say(f"metrics on http://{settings.metrics_host}:{settings.metrics_port}/metrics")


PORTS = (1, 65535)


def port_number(value: str) -> int:
    """A TCP port (argparse type): 1-65535, else a usage error that says so."""
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not PORTS[0] <= port <= PORTS[1]:
        raise argparse.ArgumentTypeError(f"{port} is not a port (1-65535)")
    return port


def positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number} is not at least 1")
    return number


def cmd_serve(settings, args):
    from server import asgi, malloc
    from server.app import create_app

    malloc.limit_arenas()  # before the process starts its threads

    host = args.host or settings.host
    port = args.port or settings.port
    workers = args.workers or settings.workers or 1
    if not PORTS[0] <= port <= PORTS[1]:
        raise SystemExit(f"agent-platform serve: error: AGENT_PLATFORM_PORT={port} is not a "
                         "port (1-65535)")
    if workers < 1:
        raise SystemExit(f"agent-platform serve: error: AGENT_PLATFORM_WORKERS={workers} is "
                         "not at least 1")
    _observe(settings, fresh=True)
    # Check (or apply) the schema once in this process, before any worker starts.
    create_app(settings, migrate=args.migrate)
    from server import openapi31

    # the workers load the same document: validated here once (it is the costly start-up step)
    os.environ["AGENT_PLATFORM_VALIDATED_DOCUMENTS"] = ",".join(openapi31.validated())
    os.environ["AGENT_PLATFORM_HOST"] = host
    os.environ["AGENT_PLATFORM_PORT"] = str(port)
    if not os.environ.get("AGENT_PLATFORM_SECRET_KEY"):
        os.environ["AGENT_PLATFORM_SECRET_KEY"] = settings.secret_key  # workers share the key
    os.environ["AGENT_PLATFORM_DATA_DIR"] = str(settings.data_dir)  # workers use the same one
    status = asgi.run(host=host, port=port, workers=workers,
                      keepalive_s=settings.http_keepalive_s, ready=lambda: _say(
        f"serving http://{host}:{port} (this terminal stays attached; Ctrl-C stops)"))
    if status:
        raise SystemExit(status)


def cmd_worker(settings, args):
    from jobs import worker
    from server import logs

    logs.configure(settings.log_level)
    _observe(settings)
    worker.run(settings, queues=args.queue or None, burst=args.burst)


def cmd_scheduler(settings, _args):
    from jobs import scheduler
    from server import logs

    logs.configure(settings.log_level)
    _observe(settings)
    scheduler.main(settings)


def cmd_demo(settings, args):
    from server import demo

    def ready(url):
        _say("the demo is ready: a network with a sample agent and tool, on the echo model")
        print(f"Open {url} and chat (Ctrl-C stops the demo).", flush=True)

    demo.run(settings, host=args.host, port=args.port, page_port=args.page_port, ready=ready)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="agent-platform", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve the HTTP API")
    serve.add_argument("--host")
    serve.add_argument("--port", type=port_number, help="1-65535 (AGENT_PLATFORM_PORT)")
    serve.add_argument("--workers", type=positive, help="worker processes (AGENT_PLATFORM_WORKERS)")
    serve.add_argument("--migrate", action="store_true",
                       help="apply pending schema migrations before serving")
    serve.set_defaults(func=cmd_serve)

    worker = sub.add_parser("worker", help="run an RQ worker on the job queues (REDIS_URL)")
    worker.add_argument("--queue", action="append",
                        help="a queue to serve (repeatable; default: the workflow and rebuild "
                             "queues)")
    worker.add_argument("--burst", action="store_true",
                        help="exit once the queues are empty")
    worker.set_defaults(func=cmd_worker)

    sched = sub.add_parser("scheduler", help="run a scheduler process (claims due schedules "
                                             "and fires each once; several may run)")
    sched.set_defaults(func=cmd_scheduler)

    demo = sub.add_parser("demo", help="serve a sample agent, tool and network with the chat "
                                       "widget on an example page, and print its address")
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=port_number, default=8080, help="the service's port")
    demo.add_argument("--page-port", type=port_number, default=8081,
                      help="the example page's port")
    demo.set_defaults(func=cmd_demo)
    migrate = sub.add_parser("migrate", help="apply pending schema migrations")
    migrate.set_defaults(func=cmd_migrate)

    orgs = sub.add_parser("orgs", help="organizations").add_subparsers(dest="action", required=True)
    orgs_create = orgs.add_parser("create", help="create an organization")
    orgs_create.add_argument("--name", required=True)
    orgs_create.set_defaults(func=cmd_orgs_create)
    orgs_list = orgs.add_parser("list", help="list the organizations")
    orgs_list.set_defaults(func=cmd_orgs_list)

    keys = sub.add_parser("keys", help="API keys").add_subparsers(dest="action", required=True)
    keys_create = keys.add_parser("create", help="create an API key (printed once)")
    keys_create.add_argument("--org", required=True)
    keys_create.add_argument("--name")
    keys_create.set_defaults(func=cmd_keys_create)
    keys_list = keys.add_parser("list", help="list an organization's API keys (never the keys "
                                             "themselves)")
    keys_list.add_argument("--org", required=True)
    keys_list.set_defaults(func=cmd_keys_list)
    keys_revoke = keys.add_parser("revoke", help="revoke an API key")
    keys_revoke.add_argument("key_id")
    keys_revoke.set_defaults(func=cmd_keys_revoke)

    export = sub.add_parser("export", help="print an organization as a document (YAML)")
    export.add_argument("--org", required=True)
    export.add_argument("--json", action="store_true", help="JSON instead of YAML")
    export.set_defaults(func=cmd_export)
    for name, func, text in (("plan", cmd_plan, "what applying a document would change"),
                             ("apply", cmd_apply, "apply a document in one transaction")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("--org", required=True)
        cmd.add_argument("-f", "--file", required=True, help="the document (`-`: stdin)")
        cmd.add_argument("--secrets", help="a Secrets document (or a YAML map) of placeholder "
                                           "values; the environment supplies the others")
        cmd.add_argument("--prune", action="store_true",
                         help="delete what the document leaves out")
        cmd.add_argument("--deploy", action="store_true",
                         help="deploy the networks the document names current")
        if name == "apply":
            cmd.add_argument("--if-match", help="apply only at this configuration revision")
        cmd.set_defaults(func=func)

    secrets = sub.add_parser("secrets", help="secrets at rest").add_subparsers(
        dest="action", required=True)
    rotate = secrets.add_parser(
        "rotate", help="re-encrypt every stored secret under the newest key of "
                       "AGENT_PLATFORM_ENCRYPTION_KEYS")
    rotate.set_defaults(func=cmd_secrets_rotate)
    return parser


def _say(text: str) -> None:
    print(f"agent-platform: {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    settings = Settings.from_env()
    _say(f"data directory {settings.data_dir}, database {settings.database_shown}")
    from store.errors import DomainError

    try:
        args.func(settings, args)
    except DomainError as exc:
        print(json.dumps({"error": exc.code, "detail": exc.detail}), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
