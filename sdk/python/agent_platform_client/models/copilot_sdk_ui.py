from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.widget_position import WidgetPosition
from ..types import UNSET, Unset

T = TypeVar("T", bound="CopilotSdkUi")


@_attrs_define
class CopilotSdkUi:
    """Chat-widget configuration, read by the chat widget (`/widget/v1/chat.js`, docs/widget.md). `theme` and `title` are
    strings; `accent_color`, `placeholder`, `greeting` and `position` follow the rules below; further keys (names of
    letters, digits and `_`) are stored and returned verbatim with scalar values.

    """

    theme: str | Unset = UNSET
    """ The widget's theme: `light`, `dark` or `auto` (follows the visitor's system setting). The widget shows any
    other value as `auto`. """
    title: str | Unset = UNSET
    """ The widget's title (its header). """
    accent_color: str | Unset = UNSET
    """ The accent colour of buttons and badges, as `#rrggbb`. The widget picks black or white text on it, whichever
    contrasts more. """
    placeholder: str | Unset = UNSET
    """ The hint shown in the empty message box (default "Type a message"). """
    greeting: str | Unset = UNSET
    """ The first message shown in a new conversation (markdown; shown only, never sent to the model). """
    position: WidgetPosition | Unset = UNSET
    """ Where the chat widget sits on the page. """
    additional_properties: dict[str, bool | float | None | str] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        theme = self.theme

        title = self.title

        accent_color = self.accent_color

        placeholder = self.placeholder

        greeting = self.greeting

        position: str | Unset = UNSET
        if not isinstance(self.position, Unset):
            position = self.position.value

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        field_dict.update({})
        if theme is not UNSET:
            field_dict["theme"] = theme
        if title is not UNSET:
            field_dict["title"] = title
        if accent_color is not UNSET:
            field_dict["accent_color"] = accent_color
        if placeholder is not UNSET:
            field_dict["placeholder"] = placeholder
        if greeting is not UNSET:
            field_dict["greeting"] = greeting
        if position is not UNSET:
            field_dict["position"] = position

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        theme = d.pop("theme", UNSET)

        title = d.pop("title", UNSET)

        accent_color = d.pop("accent_color", UNSET)

        placeholder = d.pop("placeholder", UNSET)

        greeting = d.pop("greeting", UNSET)

        _position = d.pop("position", UNSET)
        position: WidgetPosition | Unset
        if isinstance(_position, Unset):
            position = UNSET
        else:
            position = WidgetPosition(_position)

        copilot_sdk_ui = cls(
            theme=theme,
            title=title,
            accent_color=accent_color,
            placeholder=placeholder,
            greeting=greeting,
            position=position,
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
