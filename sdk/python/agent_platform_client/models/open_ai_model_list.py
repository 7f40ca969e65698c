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

if TYPE_CHECKING:
    from ..models.open_ai_model import OpenAIModel


T = TypeVar("T", bound="OpenAIModelList")


@_attrs_define
class OpenAIModelList:
    """The models of the organization."""

    object_: Literal["list"]
    """ Always `list`. """
    data: list[OpenAIModel]
    """ The models. """

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "object": object_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.open_ai_model import OpenAIModel

        d = dict(src_dict)
        object_ = cast(Literal["list"], d.pop("object"))
        if object_ != "list":
            raise ValueError(f"object must match const 'list', got '{object_}'")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = OpenAIModel.from_dict(data_item_data)

            data.append(data_item)

        open_ai_model_list = cls(
            object_=object_,
            data=data,
        )

        return open_ai_model_list
