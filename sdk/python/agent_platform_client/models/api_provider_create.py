from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.auth_api_key import AuthApiKey
    from ..models.auth_basic import AuthBasic
    from ..models.auth_bearer import AuthBearer
    from ..models.auth_none import AuthNone
    from ..models.auth_oauth2 import AuthOAuth2


T = TypeVar("T", bound="ApiProviderCreate")


@_attrs_define
class ApiProviderCreate:
    name: str
    """ The provider's name. """
    type_: Literal["api"]
    """ `api`: tools are created by hand or imported. """
    description: None | str | Unset = UNSET
    """ What the provider is (free text). """
    base_url: None | str | Unset = UNSET
    """ An absolute http(s) URL (see HttpUrl), or null. """
    auth: AuthApiKey | AuthBasic | AuthBearer | AuthNone | AuthOAuth2 | Unset = UNSET
    """ Provider auth: `type` and the config it takes, plus optional org-wide credentials, which are write-only
    (responses name the stored fields in `credentials_set`, never their values). Each type takes only its own
    fields. """
    send_credentials_to_user_base_url: bool | Unset = False
    """ Whether the provider's own credentials are also sent to a user's tools_auth `base_url` override. By default
    they go only to the provider's `base_url`; a user whose entry overrides the URL without credentials of their own
    calls it without any. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_api_key import AuthApiKey
        from ..models.auth_basic import AuthBasic
        from ..models.auth_bearer import AuthBearer
        from ..models.auth_none import AuthNone

        name = self.name

        type_ = self.type_

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        auth: dict[str, Any] | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif (
            isinstance(self.auth, AuthNone)
            or isinstance(self.auth, AuthBearer)
            or isinstance(self.auth, AuthApiKey)
            or isinstance(self.auth, AuthBasic)
        ):
            auth = self.auth.to_dict()
        else:
            auth = self.auth.to_dict()

        send_credentials_to_user_base_url = self.send_credentials_to_user_base_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "type": type_,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if base_url is not UNSET:
            field_dict["base_url"] = base_url
        if auth is not UNSET:
            field_dict["auth"] = auth
        if send_credentials_to_user_base_url is not UNSET:
            field_dict["send_credentials_to_user_base_url"] = (
                send_credentials_to_user_base_url
            )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.auth_api_key import AuthApiKey
        from ..models.auth_basic import AuthBasic
        from ..models.auth_bearer import AuthBearer
        from ..models.auth_none import AuthNone
        from ..models.auth_oauth2 import AuthOAuth2

        d = dict(src_dict)
        name = d.pop("name")

        type_ = cast(Literal["api"], d.pop("type"))
        if type_ != "api":
            raise ValueError(f"type must match const 'api', got '{type_}'")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("base_url", UNSET))

        def _parse_auth(
            data: object,
        ) -> AuthApiKey | AuthBasic | AuthBearer | AuthNone | AuthOAuth2 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_0 = AuthNone.from_dict(data)

                return componentsschemas_auth_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_1 = AuthBearer.from_dict(data)

                return componentsschemas_auth_input_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_2 = AuthApiKey.from_dict(data)

                return componentsschemas_auth_input_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_3 = AuthBasic.from_dict(data)

                return componentsschemas_auth_input_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_auth_input_type_4 = AuthOAuth2.from_dict(data)

            return componentsschemas_auth_input_type_4

        auth = _parse_auth(d.pop("auth", UNSET))

        send_credentials_to_user_base_url = d.pop(
            "send_credentials_to_user_base_url", UNSET
        )

        api_provider_create = cls(
            name=name,
            type_=type_,
            description=description,
            base_url=base_url,
            auth=auth,
            send_credentials_to_user_base_url=send_credentials_to_user_base_url,
        )

        return api_provider_create
