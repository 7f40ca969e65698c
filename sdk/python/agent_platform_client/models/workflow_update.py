from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_schema import JsonSchema
    from ..models.workflow_step import WorkflowStep


T = TypeVar("T", bound="WorkflowUpdate")


@_attrs_define
class WorkflowUpdate:
    name: str | Unset = UNSET
    """ The workflow's new name. """
    description: None | str | Unset = UNSET
    """ What the workflowupdate is for (free text). """
    input_schema: JsonSchema | None | Unset = UNSET
    """ JSON Schema (2020-12) the run's input must match; null: none; at most 256 KiB as compact JSON. """
    steps: list[WorkflowStep] | Unset = UNSET
    """ The steps, replacing the stored ones. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.json_schema import JsonSchema

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        input_schema: dict[str, Any] | None | Unset
        if isinstance(self.input_schema, Unset):
            input_schema = UNSET
        elif isinstance(self.input_schema, JsonSchema):
            input_schema = self.input_schema.to_dict()
        else:
            input_schema = self.input_schema

        steps: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.steps, Unset):
            steps = []
            for steps_item_data in self.steps:
                steps_item = steps_item_data.to_dict()
                steps.append(steps_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if input_schema is not UNSET:
            field_dict["input_schema"] = input_schema
        if steps is not UNSET:
            field_dict["steps"] = steps

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_schema import JsonSchema
        from ..models.workflow_step import WorkflowStep

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_input_schema(data: object) -> JsonSchema | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_schema_type_0 = JsonSchema.from_dict(data)

                return input_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonSchema | None | Unset, data)

        input_schema = _parse_input_schema(d.pop("input_schema", UNSET))

        _steps = d.pop("steps", UNSET)
        steps: list[WorkflowStep] | Unset = UNSET
        if _steps is not UNSET:
            steps = []
            for steps_item_data in _steps:
                steps_item = WorkflowStep.from_dict(steps_item_data)

                steps.append(steps_item)

        workflow_update = cls(
            name=name,
            description=description,
            input_schema=input_schema,
            steps=steps,
        )

        return workflow_update
