from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tools_auth_provider import ToolsAuthProvider


T = TypeVar("T", bound="ToolsAuthCatalog")


@_attrs_define
class ToolsAuthCatalog:
    providers: list[ToolsAuthProvider]
    """ Per provider settings. """

    def to_dict(self) -> dict[str, Any]:
        providers = []
        for providers_item_data in self.providers:
            providers_item = providers_item_data.to_dict()
            providers.append(providers_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "providers": providers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tools_auth_provider import ToolsAuthProvider

        d = dict(src_dict)
        providers = []
        _providers = d.pop("providers")
        for providers_item_data in _providers:
            providers_item = ToolsAuthProvider.from_dict(providers_item_data)

            providers.append(providers_item)

        tools_auth_catalog = cls(
            providers=providers,
        )

        return tools_auth_catalog
