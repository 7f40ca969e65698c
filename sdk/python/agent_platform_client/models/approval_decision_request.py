from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.approval_decision import ApprovalDecision
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApprovalDecisionRequest")


@_attrs_define
class ApprovalDecisionRequest:
    call_id: str
    """ The waiting call (`call_id` of its `approval.requested` event). """
    decision: ApprovalDecision
    """ `approve` runs the call; `deny` gives the model a denial result. """
    comment: None | str | Unset = UNSET
    """ A note kept with the decision; a denial passes it to the model. """

    def to_dict(self) -> dict[str, Any]:
        call_id = self.call_id

        decision = self.decision.value

        comment: None | str | Unset
        if isinstance(self.comment, Unset):
            comment = UNSET
        else:
            comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "call_id": call_id,
                "decision": decision,
            }
        )
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        call_id = d.pop("call_id")

        decision = ApprovalDecision(d.pop("decision"))

        def _parse_comment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        comment = _parse_comment(d.pop("comment", UNSET))

        approval_decision_request = cls(
            call_id=call_id,
            decision=decision,
            comment=comment,
        )

        return approval_decision_request
