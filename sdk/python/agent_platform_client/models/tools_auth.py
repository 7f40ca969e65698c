from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tools_auth_entry import ToolsAuthEntry


T = TypeVar("T", bound="ToolsAuth")


@_attrs_define
class ToolsAuth:
    """Tool credentials keyed by tool provider id. Each entry holds the credential fields the provider's auth expects (see
    GET /v1/tools-auth) and an optional `base_url` override; null deletes that provider's stored credentials. Stored
    encrypted; never returned.

    """

    additional_properties: dict[str, None | ToolsAuthEntry] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        from ..models.tools_auth_entry import ToolsAuthEntry

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, ToolsAuthEntry):
                field_dict[prop_name] = prop.to_dict()
            else:
                field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tools_auth_entry import ToolsAuthEntry

        d = dict(src_dict)
        tools_auth = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(data: object) -> None | ToolsAuthEntry:
                if data is None:
                    return data
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_0 = ToolsAuthEntry.from_dict(data)

                    return additional_property_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(None | ToolsAuthEntry, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        tools_auth.additional_properties = additional_properties
        return tools_auth

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> None | ToolsAuthEntry:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: None | ToolsAuthEntry) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
