from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.model_provider_name import ModelProviderName

if TYPE_CHECKING:
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

    def to_dict(self) -> dict[str, Any]:
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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default_provider": default_provider,
                "providers": providers,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
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

        model_config = cls(
            default_provider=default_provider,
            providers=providers,
            updated_at=updated_at,
        )

        return model_config
