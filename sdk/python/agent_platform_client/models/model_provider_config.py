from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ModelProviderConfig")


@_attrs_define
class ModelProviderConfig:
    base_url: None | str
    """ An absolute http(s) URL of the provider's API (OpenAI-compatible: including its `/v1`), or null for the
    operator's. """
    has_api_key: bool
    """ A key is stored (never returned). """

    def to_dict(self) -> dict[str, Any]:
        base_url: None | str
        base_url = self.base_url

        has_api_key = self.has_api_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "base_url": base_url,
                "has_api_key": has_api_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_base_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        base_url = _parse_base_url(d.pop("base_url"))

        has_api_key = d.pop("has_api_key")

        model_provider_config = cls(
            base_url=base_url,
            has_api_key=has_api_key,
        )

        return model_provider_config
