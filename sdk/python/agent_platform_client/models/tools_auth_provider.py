from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.auth_type import AuthType
from ..models.provider_type import ProviderType

T = TypeVar("T", bound="ToolsAuthProvider")


@_attrs_define
class ToolsAuthProvider:
    provider_id: UUID
    """ The tool provider. """
    name: str
    """ The provider's name. """
    type_: ProviderType
    auth_type: AuthType
    fields: list[str]
    """ Credential fields a tools_auth entry of this provider holds. """
    optional_fields: list[str]
    """ Credential fields the entry may also hold. """
    base_url_override: bool
    """ An entry may also hold `base_url`, overriding the provider's base URL. """
    oauth_connect: bool
    """ The provider uses OAuth: connect a user with GET /v1/tool-providers/{id}/oauth/authorize instead of sending
    tokens. """

    def to_dict(self) -> dict[str, Any]:
        provider_id = str(self.provider_id)

        name = self.name

        type_ = self.type_.value

        auth_type = self.auth_type.value

        fields = self.fields

        optional_fields = self.optional_fields

        base_url_override = self.base_url_override

        oauth_connect = self.oauth_connect

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "provider_id": provider_id,
                "name": name,
                "type": type_,
                "auth_type": auth_type,
                "fields": fields,
                "optional_fields": optional_fields,
                "base_url_override": base_url_override,
                "oauth_connect": oauth_connect,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider_id = UUID(d.pop("provider_id"))

        name = d.pop("name")

        type_ = ProviderType(d.pop("type"))

        auth_type = AuthType(d.pop("auth_type"))

        fields = cast(list[str], d.pop("fields"))

        optional_fields = cast(list[str], d.pop("optional_fields"))

        base_url_override = d.pop("base_url_override")

        oauth_connect = d.pop("oauth_connect")

        tools_auth_provider = cls(
            provider_id=provider_id,
            name=name,
            type_=type_,
            auth_type=auth_type,
            fields=fields,
            optional_fields=optional_fields,
            base_url_override=base_url_override,
            oauth_connect=oauth_connect,
        )

        return tools_auth_provider
