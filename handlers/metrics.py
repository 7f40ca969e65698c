"""The Prometheus exposition (operator token; docs/operating.md)."""
from __future__ import annotations

from jobs import queue, worker
from core import metrics


def get_metrics(settings):
    body, content_type = metrics.exposition(
        settings, [queue.QueueCollector(settings, worker.queues_of(settings))])
    return body, 200, {"Content-Type": content_type}
