from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rebuild import Rebuild
    from ..models.tool_provider import ToolProvider


T = TypeVar("T", bound="ToolProviderResult")


@_attrs_define
class ToolProviderResult:
    tool_provider: ToolProvider
    rebuild: None | Rebuild
    """ The registry reload and agent rebuild that followed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.rebuild import Rebuild

        tool_provider = self.tool_provider.to_dict()

        rebuild: dict[str, Any] | None
        if isinstance(self.rebuild, Rebuild):
            rebuild = self.rebuild.to_dict()
        else:
            rebuild = self.rebuild

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool_provider": tool_provider,
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rebuild import Rebuild
        from ..models.tool_provider import ToolProvider

        d = dict(src_dict)
        tool_provider = ToolProvider.from_dict(d.pop("tool_provider"))

        def _parse_rebuild(data: object) -> None | Rebuild:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rebuild_type_0 = Rebuild.from_dict(data)

                return rebuild_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rebuild, data)

        rebuild = _parse_rebuild(d.pop("rebuild"))

        tool_provider_result = cls(
            tool_provider=tool_provider,
            rebuild=rebuild,
        )

        return tool_provider_result
