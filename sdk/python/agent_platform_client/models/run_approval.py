from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.approval_status import ApprovalStatus

if TYPE_CHECKING:
    from ..models.approval_decider import ApprovalDecider
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="RunApproval")


@_attrs_define
class RunApproval:
    """A tool call that waited for approval, and its decision."""

    call_id: str
    """ The call's id (what a decision names). """
    tool_id: UUID
    """ The tool. """
    name: str
    """ The tool name the model called. """
    arguments: JsonObject
    """ A free-form JSON object. """
    status: ApprovalStatus
    """ A waiting call's state (a timeout denies). """
    expires_at: datetime.datetime
    """ When an undecided call is denied. """
    decided_by: ApprovalDecider | None
    """ Who decided (null while pending). """
    decided_at: datetime.datetime | None
    """ When it was decided (null while pending). """
    comment: None | str
    """ The decider's note. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_decider import ApprovalDecider

        call_id = self.call_id

        tool_id = str(self.tool_id)

        name = self.name

        arguments = self.arguments.to_dict()

        status = self.status.value

        expires_at = self.expires_at.isoformat()

        decided_by: dict[str, Any] | None
        if isinstance(self.decided_by, ApprovalDecider):
            decided_by = self.decided_by.to_dict()
        else:
            decided_by = self.decided_by

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        comment: None | str
        comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "call_id": call_id,
                "tool_id": tool_id,
                "name": name,
                "arguments": arguments,
                "status": status,
                "expires_at": expires_at,
                "decided_by": decided_by,
                "decided_at": decided_at,
                "comment": comment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approval_decider import ApprovalDecider
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        call_id = d.pop("call_id")

        tool_id = UUID(d.pop("tool_id"))

        name = d.pop("name")

        arguments = JsonObject.from_dict(d.pop("arguments"))

        status = ApprovalStatus(d.pop("status"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        def _parse_decided_by(data: object) -> ApprovalDecider | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_by_type_0 = ApprovalDecider.from_dict(data)

                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApprovalDecider | None, data)

        decided_by = _parse_decided_by(d.pop("decided_by"))

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        def _parse_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        comment = _parse_comment(d.pop("comment"))

        run_approval = cls(
            call_id=call_id,
            tool_id=tool_id,
            name=name,
            arguments=arguments,
            status=status,
            expires_at=expires_at,
            decided_by=decided_by,
            decided_at=decided_at,
            comment=comment,
        )

        return run_approval
