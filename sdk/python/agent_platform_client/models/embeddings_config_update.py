from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmbeddingsConfigUpdate")


@_attrs_define
class EmbeddingsConfigUpdate:
    """The embeddings model. A new URL, model or dimensions re-embeds every chunk and memory in the background; the
    previous model answers searches until that is done.

    """

    base_url: str
    """ The API's URL, OpenAI-compatible, with its `/v1` (OpenAI, Ollama, vLLM, TEI, LiteLLM). """
    model: str
    """ The model name. """
    dimensions: int
    """ The vectors' dimensions (sent as `dimensions`; at most 2,000). """
    api_key: None | str | Unset = UNSET
    """ The key (write-only); omitted: the stored one is kept; null removes it. """

    def to_dict(self) -> dict[str, Any]:
        base_url = self.base_url

        model = self.model

        dimensions = self.dimensions

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "base_url": base_url,
                "model": model,
                "dimensions": dimensions,
            }
        )
        if api_key is not UNSET:
            field_dict["api_key"] = api_key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        base_url = d.pop("base_url")

        model = d.pop("model")

        dimensions = d.pop("dimensions")

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))

        embeddings_config_update = cls(
            base_url=base_url,
            model=model,
            dimensions=dimensions,
            api_key=api_key,
        )

        return embeddings_config_update
