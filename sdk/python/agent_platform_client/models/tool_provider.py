from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.provider_type import ProviderType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tool_provider_auth import ToolProviderAuth
    from ..models.tool_provider_discovery import ToolProviderDiscovery
    from ..models.tool_provider_mcp import ToolProviderMcp


T = TypeVar("T", bound="ToolProvider")


@_attrs_define
class ToolProvider:
    id: UUID
    """ The provider's id. """
    name: str
    """ The provider's name. """
    type_: ProviderType
    description: None | str
    """ What the provider is for (free text). """
    base_url: None | str
    """ The base URL every call starts with; null: none. """
    auth: ToolProviderAuth
    """ The auth config; `credentials_set` names the stored credential fields (never their values). """
    mcp: None | ToolProviderMcp
    """ How to reach the MCP server. """
    discovery: None | ToolProviderDiscovery
    """ The last discovery of an mcp provider (null for api providers). """
    created_at: datetime.datetime
    """ When the provider was created. """
    updated_at: datetime.datetime
    """ When the provider was last changed. """
    send_credentials_to_user_base_url: bool | Unset = UNSET
    """ Whether the provider's credentials also go to a user's base_url override. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_provider_discovery import ToolProviderDiscovery
        from ..models.tool_provider_mcp import ToolProviderMcp

        id = str(self.id)

        name = self.name

        type_ = self.type_.value

        description: None | str
        description = self.description

        base_url: None | str
        base_url = self.base_url

        auth = self.auth.to_dict()

        mcp: dict[str, Any] | None
        if isinstance(self.mcp, ToolProviderMcp):
            mcp = self.mcp.to_dict()
        else:
            mcp = self.mcp

        discovery: dict[str, Any] | None
        if isinstance(self.discovery, ToolProviderDiscovery):
            discovery = self.discovery.to_dict()
        else:
            discovery = self.discovery

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        send_credentials_to_user_base_url = self.send_credentials_to_user_base_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
                "description": description,
                "base_url": base_url,
                "auth": auth,
                "mcp": mcp,
                "discovery": discovery,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if send_credentials_to_user_base_url is not UNSET:
            field_dict["send_credentials_to_user_base_url"] = (
                send_credentials_to_user_base_url
            )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tool_provider_auth import ToolProviderAuth
        from ..models.tool_provider_discovery import ToolProviderDiscovery
        from ..models.tool_provider_mcp import ToolProviderMcp

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        type_ = ProviderType(d.pop("type"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_base_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        base_url = _parse_base_url(d.pop("base_url"))

        auth = ToolProviderAuth.from_dict(d.pop("auth"))

        def _parse_mcp(data: object) -> None | ToolProviderMcp:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mcp_type_0 = ToolProviderMcp.from_dict(data)

                return mcp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolProviderMcp, data)

        mcp = _parse_mcp(d.pop("mcp"))

        def _parse_discovery(data: object) -> None | ToolProviderDiscovery:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                discovery_type_0 = ToolProviderDiscovery.from_dict(data)

                return discovery_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolProviderDiscovery, data)

        discovery = _parse_discovery(d.pop("discovery"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        send_credentials_to_user_base_url = d.pop(
            "send_credentials_to_user_base_url", UNSET
        )

        tool_provider = cls(
            id=id,
            name=name,
            type_=type_,
            description=description,
            base_url=base_url,
            auth=auth,
            mcp=mcp,
            discovery=discovery,
            created_at=created_at,
            updated_at=updated_at,
            send_credentials_to_user_base_url=send_credentials_to_user_base_url,
        )

        return tool_provider
