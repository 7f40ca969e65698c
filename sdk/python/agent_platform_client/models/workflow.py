from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.json_schema import JsonSchema
    from ..models.workflow_step_stored import WorkflowStepStored


T = TypeVar("T", bound="Workflow")


@_attrs_define
class Workflow:
    id: UUID
    """ The workflow's id. """
    name: str
    """ The workflow's name. """
    description: None | str
    """ What the workflow is for (free text). """
    input_schema: JsonSchema | None
    """ JSON Schema (2020-12) the run's input must match; null: none. """
    steps: list[WorkflowStepStored]
    """ The steps, in order. """
    created_at: datetime.datetime
    """ When the workflow was created. """
    updated_at: datetime.datetime
    """ When the workflow was last changed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.json_schema import JsonSchema

        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        input_schema: dict[str, Any] | None
        if isinstance(self.input_schema, JsonSchema):
            input_schema = self.input_schema.to_dict()
        else:
            input_schema = self.input_schema

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "input_schema": input_schema,
                "steps": steps,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_schema import JsonSchema
        from ..models.workflow_step_stored import WorkflowStepStored

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_input_schema(data: object) -> JsonSchema | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_schema_type_0 = JsonSchema.from_dict(data)

                return input_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonSchema | None, data)

        input_schema = _parse_input_schema(d.pop("input_schema"))

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = WorkflowStepStored.from_dict(steps_item_data)

            steps.append(steps_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        workflow = cls(
            id=id,
            name=name,
            description=description,
            input_schema=input_schema,
            steps=steps,
            created_at=created_at,
            updated_at=updated_at,
        )

        return workflow
