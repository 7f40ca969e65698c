from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.model_provider_name import ModelProviderName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.embeddings_config_update import EmbeddingsConfigUpdate
    from ..models.model_providers_update import ModelProvidersUpdate


T = TypeVar("T", bound="ModelConfigUpdate")


@_attrs_define
class ModelConfigUpdate:
    default_provider: ModelProviderName | None | Unset = UNSET
    """ The provider agents use when their model names none; null: the operator's default. """
    providers: ModelProvidersUpdate | Unset = UNSET
    """ Per provider: the endpoint and key to store (omitted providers are unchanged). """
    embeddings: EmbeddingsConfigUpdate | None | Unset = UNSET
    """ The embeddings model (omitted: unchanged; null: removed, with every vector of the organization). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.embeddings_config_update import EmbeddingsConfigUpdate

        default_provider: None | str | Unset
        if isinstance(self.default_provider, Unset):
            default_provider = UNSET
        elif isinstance(self.default_provider, ModelProviderName):
            default_provider = self.default_provider.value
        else:
            default_provider = self.default_provider

        providers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.providers, Unset):
            providers = self.providers.to_dict()

        embeddings: dict[str, Any] | None | Unset
        if isinstance(self.embeddings, Unset):
            embeddings = UNSET
        elif isinstance(self.embeddings, EmbeddingsConfigUpdate):
            embeddings = self.embeddings.to_dict()
        else:
            embeddings = self.embeddings

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if default_provider is not UNSET:
            field_dict["default_provider"] = default_provider
        if providers is not UNSET:
            field_dict["providers"] = providers
        if embeddings is not UNSET:
            field_dict["embeddings"] = embeddings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.embeddings_config_update import EmbeddingsConfigUpdate
        from ..models.model_providers_update import ModelProvidersUpdate

        d = dict(src_dict)

        def _parse_default_provider(data: object) -> ModelProviderName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_provider_type_0 = ModelProviderName(data)

                return default_provider_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelProviderName | None | Unset, data)

        default_provider = _parse_default_provider(d.pop("default_provider", UNSET))

        _providers = d.pop("providers", UNSET)
        providers: ModelProvidersUpdate | Unset
        if isinstance(_providers, Unset):
            providers = UNSET
        else:
            providers = ModelProvidersUpdate.from_dict(_providers)

        def _parse_embeddings(data: object) -> EmbeddingsConfigUpdate | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embeddings_type_0 = EmbeddingsConfigUpdate.from_dict(data)

                return embeddings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmbeddingsConfigUpdate | None | Unset, data)

        embeddings = _parse_embeddings(d.pop("embeddings", UNSET))

        model_config_update = cls(
            default_provider=default_provider,
            providers=providers,
            embeddings=embeddings,
        )

        return model_config_update
