from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CopilotSdkUi")


@_attrs_define
class CopilotSdkUi:
    """Chat-widget configuration. `theme` and `title` are strings; further keys (the widget's own settings, names of
    letters, digits and `_`) are stored and returned verbatim with scalar values.

    """

    theme: str | Unset = UNSET
    """ The widget's theme. """
    title: str | Unset = UNSET
    """ The widget's title. """
    additional_properties: dict[str, bool | float | None | str] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        theme = self.theme

        title = self.title

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        field_dict.update({})
        if theme is not UNSET:
            field_dict["theme"] = theme
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        theme = d.pop("theme", UNSET)

        title = d.pop("title", UNSET)

        copilot_sdk_ui = cls(
            theme=theme,
            title=title,
        )

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(data: object) -> bool | float | None | str:
                if data is None:
                    return data
                return cast(bool | float | None | str, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        copilot_sdk_ui.additional_properties = additional_properties
        return copilot_sdk_ui

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> bool | float | None | str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: bool | float | None | str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
