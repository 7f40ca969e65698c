from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.model_provider_config import ModelProviderConfig


T = TypeVar("T", bound="ModelProviders")


@_attrs_define
class ModelProviders:
    """Per provider: the endpoint and whether a key is stored."""

    openai: ModelProviderConfig
    anthropic: ModelProviderConfig

    def to_dict(self) -> dict[str, Any]:
        openai = self.openai.to_dict()

        anthropic = self.anthropic.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "openai": openai,
                "anthropic": anthropic,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_provider_config import ModelProviderConfig

        d = dict(src_dict)
        openai = ModelProviderConfig.from_dict(d.pop("openai"))

        anthropic = ModelProviderConfig.from_dict(d.pop("anthropic"))

        model_providers = cls(
            openai=openai,
            anthropic=anthropic,
        )

        return model_providers
