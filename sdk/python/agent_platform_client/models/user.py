from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    user_id: str
    """ The end user's id (the customer's). """
    key: str
    """ `{orgId}_{userId}`: the key user-scoped data resolves to. """
    display_name: None | str
    """ The user's display name; null: none. """
    group_id: str
    """ The user's group. """
    tools_auth_providers: list[UUID]
    """ Providers the user has stored credentials for (never the credentials). """
    created_at: datetime.datetime
    """ When the user was created. """
    updated_at: datetime.datetime
    """ When the user was last changed. """

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        key = self.key

        display_name: None | str
        display_name = self.display_name

        group_id = self.group_id

        tools_auth_providers = []
        for tools_auth_providers_item_data in self.tools_auth_providers:
            tools_auth_providers_item = str(tools_auth_providers_item_data)
            tools_auth_providers.append(tools_auth_providers_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "key": key,
                "display_name": display_name,
                "group_id": group_id,
                "tools_auth_providers": tools_auth_providers,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        key = d.pop("key")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        group_id = d.pop("group_id")

        tools_auth_providers = []
        _tools_auth_providers = d.pop("tools_auth_providers")
        for tools_auth_providers_item_data in _tools_auth_providers:
            tools_auth_providers_item = UUID(tools_auth_providers_item_data)

            tools_auth_providers.append(tools_auth_providers_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        user = cls(
            user_id=user_id,
            key=key,
            display_name=display_name,
            group_id=group_id,
            tools_auth_providers=tools_auth_providers,
            created_at=created_at,
            updated_at=updated_at,
        )

        return user
