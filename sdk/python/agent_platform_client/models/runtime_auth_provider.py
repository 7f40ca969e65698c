from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.auth_type import AuthType
from ..models.provider_type import ProviderType

T = TypeVar("T", bound="RuntimeAuthProvider")


@_attrs_define
class RuntimeAuthProvider:
    id: UUID
    """ The provider's id. """
    name: str
    """ The provider's name. """
    type_: ProviderType
    auth_type: AuthType
    fields: list[str]
    """ Credential fields the provider expects (see GET /v1/tools-auth). """
    optional_fields: list[str]
    """ Credential fields the entry may also hold. """
    oauth_connect: bool
    """ The user connects through the OAuth authorize URL. """
    has_credentials: bool
    """ The calling end user has stored credentials for the provider, or it needs none. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        type_ = self.type_.value

        auth_type = self.auth_type.value

        fields = self.fields

        optional_fields = self.optional_fields

        oauth_connect = self.oauth_connect

        has_credentials = self.has_credentials

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
                "auth_type": auth_type,
                "fields": fields,
                "optional_fields": optional_fields,
                "oauth_connect": oauth_connect,
                "has_credentials": has_credentials,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        type_ = ProviderType(d.pop("type"))

        auth_type = AuthType(d.pop("auth_type"))

        fields = cast(list[str], d.pop("fields"))

        optional_fields = cast(list[str], d.pop("optional_fields"))

        oauth_connect = d.pop("oauth_connect")

        has_credentials = d.pop("has_credentials")

        runtime_auth_provider = cls(
            id=id,
            name=name,
            type_=type_,
            auth_type=auth_type,
            fields=fields,
            optional_fields=optional_fields,
            oauth_connect=oauth_connect,
            has_credentials=has_credentials,
        )

        return runtime_auth_provider
