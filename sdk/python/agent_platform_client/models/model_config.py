from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.model_provider_name import ModelProviderName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.embeddings_config import EmbeddingsConfig
    from ..models.model_providers import ModelProviders


T = TypeVar("T", bound="ModelConfig")


@_attrs_define
class ModelConfig:
    default_provider: ModelProviderName | None
    """ The provider agents use when their model names none; null: the operator's default. """
    providers: ModelProviders
    """ Per provider: the endpoint and whether a key is stored. """
    updated_at: datetime.datetime | None
    """ When the configuration last changed (null: never). """
    embeddings: EmbeddingsConfig | None | Unset = UNSET
    """ The embeddings model of semantic memory and knowledge bases (null when none). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.embeddings_config import EmbeddingsConfig

        default_provider: None | str
        if isinstance(self.default_provider, ModelProviderName):
            default_provider = self.default_provider.value
        else:
            default_provider = self.default_provider

        providers = self.providers.to_dict()

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        embeddings: dict[str, Any] | None | Unset
        if isinstance(self.embeddings, Unset):
            embeddings = UNSET
        elif isinstance(self.embeddings, EmbeddingsConfig):
            embeddings = self.embeddings.to_dict()
        else:
            embeddings = self.embeddings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default_provider": default_provider,
                "providers": providers,
                "updated_at": updated_at,
            }
        )
        if embeddings is not UNSET:
            field_dict["embeddings"] = embeddings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.embeddings_config import EmbeddingsConfig
        from ..models.model_providers import ModelProviders

        d = dict(src_dict)

        def _parse_default_provider(data: object) -> ModelProviderName | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_provider_type_0 = ModelProviderName(data)

                return default_provider_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelProviderName | None, data)

        default_provider = _parse_default_provider(d.pop("default_provider"))

        providers = ModelProviders.from_dict(d.pop("providers"))

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        def _parse_embeddings(data: object) -> EmbeddingsConfig | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embeddings_type_0 = EmbeddingsConfig.from_dict(data)

                return embeddings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmbeddingsConfig | None | Unset, data)

        embeddings = _parse_embeddings(d.pop("embeddings", UNSET))

        model_config = cls(
            default_provider=default_provider,
            providers=providers,
            updated_at=updated_at,
            embeddings=embeddings,
        )

        return model_config
