from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.model_provider_config_update import ModelProviderConfigUpdate


T = TypeVar("T", bound="ModelProvidersUpdate")


@_attrs_define
class ModelProvidersUpdate:
    """Per provider: the endpoint and key to store (omitted providers are unchanged)."""

    openai: ModelProviderConfigUpdate | Unset = UNSET
    anthropic: ModelProviderConfigUpdate | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        openai: dict[str, Any] | Unset = UNSET
        if not isinstance(self.openai, Unset):
            openai = self.openai.to_dict()

        anthropic: dict[str, Any] | Unset = UNSET
        if not isinstance(self.anthropic, Unset):
            anthropic = self.anthropic.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if openai is not UNSET:
            field_dict["openai"] = openai
        if anthropic is not UNSET:
            field_dict["anthropic"] = anthropic

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_provider_config_update import ModelProviderConfigUpdate

        d = dict(src_dict)
        _openai = d.pop("openai", UNSET)
        openai: ModelProviderConfigUpdate | Unset
        if isinstance(_openai, Unset):
            openai = UNSET
        else:
            openai = ModelProviderConfigUpdate.from_dict(_openai)

        _anthropic = d.pop("anthropic", UNSET)
        anthropic: ModelProviderConfigUpdate | Unset
        if isinstance(_anthropic, Unset):
            anthropic = UNSET
        else:
            anthropic = ModelProviderConfigUpdate.from_dict(_anthropic)

        model_providers_update = cls(
            openai=openai,
            anthropic=anthropic,
        )

        return model_providers_update
