"""Model providers behind one interface (see runtime/models/base.py).

    provider = get_provider("openai", settings=settings)          # endpoints/keys from settings
    provider = get_provider("openai", base_url=..., api_key=...)   # per-org override
    for event in provider.stream(ModelRequest(messages, tools, ModelSettings("gpt-4o-mini"))):
        ...                                                        # TextDelta / ToolCallEvent / Finish
    response = provider.complete(request)                          # the whole response

Providers: ``echo`` (built in, offline; the default), ``openai`` (any OpenAI-compatible Chat
Completions endpoint), ``anthropic`` (Messages API).
"""
from __future__ import annotations

from runtime.models.base import (FINISH_REASONS, Finish, Message, ModelCancelled, ModelError,
                                 ModelRequest, ModelResponse, ModelSettings, Provider,
                                 StreamEvent, TextDelta, ToolCall, ToolCallEvent, ToolSchema,
                                 Usage, collect)
from runtime.models.http import HttpOptions
from runtime.models.pricing import Price, PriceTable, cost_usd
from store.errors import Invalid

PROVIDERS = ("echo", "openai", "anthropic")

__all__ = [
    "FINISH_REASONS", "PROVIDERS", "Finish", "HttpOptions", "Message", "ModelCancelled",
    "ModelError", "ModelRequest", "ModelResponse", "ModelSettings", "Price", "PriceTable",
    "Provider", "StreamEvent", "TextDelta", "ToolCall", "ToolCallEvent", "ToolSchema", "Usage",
    "collect", "cost_usd", "get_provider",
]


def get_provider(name: str | None = None, *, settings=None, base_url: str | None = None,
                 api_key: str | None = None, connect_timeout: float | None = None,
                 read_timeout: float | None = None, max_retries: int | None = None,
                 backoff: float | None = None, retry_max_wait: float | None = None) -> Provider:
    """The provider ``name`` (default: settings.default_model_provider, else ``echo``).

    ``base_url`` / ``api_key`` override the settings' (AGENT_PLATFORM_OPENAI_BASE_URL, ...);
    the timeouts and retry knobs override AGENT_PLATFORM_MODEL_*. The settings' API key is only
    used with the settings' base URL: a different ``base_url`` gets ``api_key`` or none. The
    base URL passes the SSRF policy at call time. An unknown name is Invalid (code
    ``unknown_model_provider``)."""
    name = (name or getattr(settings, "default_model_provider", None) or "echo").lower()
    if name == "echo":
        from runtime.models.echo import EchoProvider

        return EchoProvider()
    if name not in PROVIDERS:
        raise Invalid(f"unknown model provider {name!r}; expected one of "
                      f"{', '.join(PROVIDERS)}", code="unknown_model_provider")
    options = HttpOptions.from_settings(settings, connect_timeout=connect_timeout,
                                        read_timeout=read_timeout, max_retries=max_retries,
                                        backoff=backoff, retry_max_wait=retry_max_wait)
    if name == "openai":
        from runtime.models.openai import DEFAULT_BASE_URL, OpenAIProvider as cls
    else:
        from runtime.models.anthropic import DEFAULT_BASE_URL, AnthropicProvider as cls
    configured_url = getattr(settings, f"{name}_base_url", None) or DEFAULT_BASE_URL
    if api_key is None and (base_url is None or base_url.rstrip("/") == configured_url.rstrip("/")):
        # the operator's key only ever goes to the operator's endpoint
        api_key = getattr(settings, f"{name}_api_key", None)
    return cls(base_url=base_url or configured_url, api_key=api_key, options=options)
