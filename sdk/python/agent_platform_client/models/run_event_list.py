from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agent_handoff_event import AgentHandoffEvent
    from ..models.approval_decided_event import ApprovalDecidedEvent
    from ..models.approval_requested_event import ApprovalRequestedEvent
    from ..models.memory_deleted_event import MemoryDeletedEvent
    from ..models.memory_saved_event import MemorySavedEvent
    from ..models.message_completed_event import MessageCompletedEvent
    from ..models.message_delta_event import MessageDeltaEvent
    from ..models.run_cancelled_event import RunCancelledEvent
    from ..models.run_completed_event import RunCompletedEvent
    from ..models.run_failed_event import RunFailedEvent
    from ..models.run_started_event import RunStartedEvent
    from ..models.tool_called_event import ToolCalledEvent
    from ..models.tool_result_event import ToolResultEvent


T = TypeVar("T", bound="RunEventList")


@_attrs_define
class RunEventList:
    events: list[
        AgentHandoffEvent
        | ApprovalDecidedEvent
        | ApprovalRequestedEvent
        | MemoryDeletedEvent
        | MemorySavedEvent
        | MessageCompletedEvent
        | MessageDeltaEvent
        | RunCancelledEvent
        | RunCompletedEvent
        | RunFailedEvent
        | RunStartedEvent
        | ToolCalledEvent
        | ToolResultEvent
    ]
    """ The events of this page, oldest first. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_handoff_event import AgentHandoffEvent
        from ..models.approval_decided_event import ApprovalDecidedEvent
        from ..models.approval_requested_event import ApprovalRequestedEvent
        from ..models.memory_deleted_event import MemoryDeletedEvent
        from ..models.memory_saved_event import MemorySavedEvent
        from ..models.message_completed_event import MessageCompletedEvent
        from ..models.message_delta_event import MessageDeltaEvent
        from ..models.run_completed_event import RunCompletedEvent
        from ..models.run_failed_event import RunFailedEvent
        from ..models.run_started_event import RunStartedEvent
        from ..models.tool_called_event import ToolCalledEvent
        from ..models.tool_result_event import ToolResultEvent

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if (
                isinstance(events_item_data, RunStartedEvent)
                or isinstance(events_item_data, MessageDeltaEvent)
                or isinstance(events_item_data, ToolCalledEvent)
                or isinstance(events_item_data, ToolResultEvent)
                or isinstance(events_item_data, AgentHandoffEvent)
                or isinstance(events_item_data, MemorySavedEvent)
                or isinstance(events_item_data, MemoryDeletedEvent)
                or isinstance(events_item_data, ApprovalRequestedEvent)
                or isinstance(events_item_data, ApprovalDecidedEvent)
                or isinstance(events_item_data, MessageCompletedEvent)
                or isinstance(events_item_data, RunCompletedEvent)
                or isinstance(events_item_data, RunFailedEvent)
            ):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_handoff_event import AgentHandoffEvent
        from ..models.approval_decided_event import ApprovalDecidedEvent
        from ..models.approval_requested_event import ApprovalRequestedEvent
        from ..models.memory_deleted_event import MemoryDeletedEvent
        from ..models.memory_saved_event import MemorySavedEvent
        from ..models.message_completed_event import MessageCompletedEvent
        from ..models.message_delta_event import MessageDeltaEvent
        from ..models.run_cancelled_event import RunCancelledEvent
        from ..models.run_completed_event import RunCompletedEvent
        from ..models.run_failed_event import RunFailedEvent
        from ..models.run_started_event import RunStartedEvent
        from ..models.tool_called_event import ToolCalledEvent
        from ..models.tool_result_event import ToolResultEvent

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                AgentHandoffEvent
                | ApprovalDecidedEvent
                | ApprovalRequestedEvent
                | MemoryDeletedEvent
                | MemorySavedEvent
                | MessageCompletedEvent
                | MessageDeltaEvent
                | RunCancelledEvent
                | RunCompletedEvent
                | RunFailedEvent
                | RunStartedEvent
                | ToolCalledEvent
                | ToolResultEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_0 = RunStartedEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_1 = MessageDeltaEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_2 = ToolCalledEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_3 = ToolResultEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_4 = AgentHandoffEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_5 = MemorySavedEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_6 = MemoryDeletedEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_7 = (
                        ApprovalRequestedEvent.from_dict(data)
                    )

                    return componentsschemas_chat_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_8 = (
                        ApprovalDecidedEvent.from_dict(data)
                    )

                    return componentsschemas_chat_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_9 = (
                        MessageCompletedEvent.from_dict(data)
                    )

                    return componentsschemas_chat_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_10 = RunCompletedEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_event_type_11 = RunFailedEvent.from_dict(
                        data
                    )

                    return componentsschemas_chat_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_chat_event_type_12 = RunCancelledEvent.from_dict(data)

                return componentsschemas_chat_event_type_12

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        run_event_list = cls(
            events=events,
            next_cursor=next_cursor,
        )

        return run_event_list
