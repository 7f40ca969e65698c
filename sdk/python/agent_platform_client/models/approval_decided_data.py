from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.approval_status import ApprovalStatus

if TYPE_CHECKING:
    from ..models.approval_decider import ApprovalDecider


T = TypeVar("T", bound="ApprovalDecidedData")


@_attrs_define
class ApprovalDecidedData:
    """Data of `approval.decided`: a waiting call was approved or denied (by a person or the timeout). Fields may be added
    later: clients ignore what they do not know.

    """

    run_id: UUID
    """ The run (turn). """
    call_id: str
    """ The decided call. """
    tool_id: UUID
    """ The tool. """
    name: str
    """ The tool name the model called. """
    decision: ApprovalStatus
    """ A waiting call's state (a timeout denies). """
    decided_by: ApprovalDecider
    """ Who decided. """
    decided_at: datetime.datetime
    """ When. """
    comment: None | str
    """ The decider's note. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        call_id = self.call_id

        tool_id = str(self.tool_id)

        name = self.name

        decision = self.decision.value

        decided_by = self.decided_by.to_dict()

        decided_at = self.decided_at.isoformat()

        comment: None | str
        comment = self.comment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "call_id": call_id,
                "tool_id": tool_id,
                "name": name,
                "decision": decision,
                "decided_by": decided_by,
                "decided_at": decided_at,
                "comment": comment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval_decider import ApprovalDecider

        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        call_id = d.pop("call_id")

        tool_id = UUID(d.pop("tool_id"))

        name = d.pop("name")

        decision = ApprovalStatus(d.pop("decision"))

        decided_by = ApprovalDecider.from_dict(d.pop("decided_by"))

        decided_at = datetime.datetime.fromisoformat(d.pop("decided_at"))

        def _parse_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        comment = _parse_comment(d.pop("comment"))

        approval_decided_data = cls(
            run_id=run_id,
            call_id=call_id,
            tool_id=tool_id,
            name=name,
            decision=decision,
            decided_by=decided_by,
            decided_at=decided_at,
            comment=comment,
        )

        approval_decided_data.additional_properties = d
        return approval_decided_data

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
