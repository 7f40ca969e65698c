from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.copilot import Copilot
    from ..models.runtime_auth_provider import RuntimeAuthProvider


T = TypeVar("T", bound="CopilotWithAuth")


@_attrs_define
class CopilotWithAuth:
    copilot: Copilot
    runtime_auth_providers: list[RuntimeAuthProvider]
    """ Providers the network's tools use, and whether the calling user has credentials for each. """

    def to_dict(self) -> dict[str, Any]:
        copilot = self.copilot.to_dict()

        runtime_auth_providers = []
        for runtime_auth_providers_item_data in self.runtime_auth_providers:
            runtime_auth_providers_item = runtime_auth_providers_item_data.to_dict()
            runtime_auth_providers.append(runtime_auth_providers_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "copilot": copilot,
                "runtimeAuthProviders": runtime_auth_providers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot import Copilot
        from ..models.runtime_auth_provider import RuntimeAuthProvider

        d = dict(src_dict)
        copilot = Copilot.from_dict(d.pop("copilot"))

        runtime_auth_providers = []
        _runtime_auth_providers = d.pop("runtimeAuthProviders")
        for runtime_auth_providers_item_data in _runtime_auth_providers:
            runtime_auth_providers_item = RuntimeAuthProvider.from_dict(
                runtime_auth_providers_item_data
            )

            runtime_auth_providers.append(runtime_auth_providers_item)

        copilot_with_auth = cls(
            copilot=copilot,
            runtime_auth_providers=runtime_auth_providers,
        )

        return copilot_with_auth
