from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="OpenApiDocument")


@_attrs_define
class OpenApiDocument:
    """An OpenAPI 3.x document: 3.0 with `paths`; 3.1 with `paths`, `webhooks` or `components` (the import answers 400
    `invalid_openapi_document` for a document without them).

    """

    openapi: str
    """ The OpenAPI version (3.x). """
    paths: JsonObject | Unset = UNSET
    """ A free-form JSON object. """
    webhooks: JsonObject | Unset = UNSET
    """ A free-form JSON object. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        openapi = self.openapi

        paths: dict[str, Any] | Unset = UNSET
        if not isinstance(self.paths, Unset):
            paths = self.paths.to_dict()

        webhooks: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhooks, Unset):
            webhooks = self.webhooks.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "openapi": openapi,
            }
        )
        if paths is not UNSET:
            field_dict["paths"] = paths
        if webhooks is not UNSET:
            field_dict["webhooks"] = webhooks

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        openapi = d.pop("openapi")

        _paths = d.pop("paths", UNSET)
        paths: JsonObject | Unset
        if isinstance(_paths, Unset):
            paths = UNSET
        else:
            paths = JsonObject.from_dict(_paths)

        _webhooks = d.pop("webhooks", UNSET)
        webhooks: JsonObject | Unset
        if isinstance(_webhooks, Unset):
            webhooks = UNSET
        else:
            webhooks = JsonObject.from_dict(_webhooks)

        openapi_document = cls(
            openapi=openapi,
            paths=paths,
            webhooks=webhooks,
        )

        openapi_document.additional_properties = d
        return openapi_document

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
