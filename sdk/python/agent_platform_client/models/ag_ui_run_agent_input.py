from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ag_ui_message import AgUiMessage
    from ..models.ag_ui_resume_entry import AgUiResumeEntry
    from ..models.free_form_object import FreeFormObject


T = TypeVar("T", bound="AgUiRunAgentInput")


@_attrs_define
class AgUiRunAgentInput:
    """AG-UI's `RunAgentInput`."""

    thread_id: str
    """ The conversation (the user's thread id, or the client's id for it). """
    run_id: str
    """ The client's id of this run (echoed in `RUN_STARTED` and `RUN_FINISHED`). """
    messages: list[AgUiMessage]
    """ The conversation so far, the new user message last. """
    parent_run_id: str | Unset = UNSET
    """ Ignored. """
    protocol_version: str | Unset = UNSET
    """ The client's AG-UI version. """
    state: Any | Unset = UNSET
    """ Ignored. """
    tools: list[FreeFormObject] | Unset = UNSET
    """ A list of JSON objects. """
    context: list[FreeFormObject] | Unset = UNSET
    """ A list of JSON objects. """
    forwarded_props: Any | Unset = UNSET
    """ Ignored. """
    resume: list[AgUiResumeEntry] | Unset = UNSET
    """ Answers to the interrupts that ended the thread's previous run. """

    def to_dict(self) -> dict[str, Any]:
        thread_id = self.thread_id

        run_id = self.run_id

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        parent_run_id = self.parent_run_id

        protocol_version = self.protocol_version

        state = self.state

        tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = []
            for componentsschemas_free_form_object_list_item_data in self.tools:
                componentsschemas_free_form_object_list_item = (
                    componentsschemas_free_form_object_list_item_data.to_dict()
                )
                tools.append(componentsschemas_free_form_object_list_item)

        context: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.context, Unset):
            context = []
            for componentsschemas_free_form_object_list_item_data in self.context:
                componentsschemas_free_form_object_list_item = (
                    componentsschemas_free_form_object_list_item_data.to_dict()
                )
                context.append(componentsschemas_free_form_object_list_item)

        forwarded_props = self.forwarded_props

        resume: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.resume, Unset):
            resume = []
            for resume_item_data in self.resume:
                resume_item = resume_item_data.to_dict()
                resume.append(resume_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "threadId": thread_id,
                "runId": run_id,
                "messages": messages,
            }
        )
        if parent_run_id is not UNSET:
            field_dict["parentRunId"] = parent_run_id
        if protocol_version is not UNSET:
            field_dict["protocolVersion"] = protocol_version
        if state is not UNSET:
            field_dict["state"] = state
        if tools is not UNSET:
            field_dict["tools"] = tools
        if context is not UNSET:
            field_dict["context"] = context
        if forwarded_props is not UNSET:
            field_dict["forwardedProps"] = forwarded_props
        if resume is not UNSET:
            field_dict["resume"] = resume

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ag_ui_message import AgUiMessage
        from ..models.ag_ui_resume_entry import AgUiResumeEntry
        from ..models.free_form_object import FreeFormObject

        d = dict(src_dict)
        thread_id = d.pop("threadId")

        run_id = d.pop("runId")

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = AgUiMessage.from_dict(messages_item_data)

            messages.append(messages_item)

        parent_run_id = d.pop("parentRunId", UNSET)

        protocol_version = d.pop("protocolVersion", UNSET)

        state = d.pop("state", UNSET)

        _tools = d.pop("tools", UNSET)
        tools: list[FreeFormObject] | Unset = UNSET
        if _tools is not UNSET:
            tools = []
            for componentsschemas_free_form_object_list_item_data in _tools:
                componentsschemas_free_form_object_list_item = FreeFormObject.from_dict(
                    componentsschemas_free_form_object_list_item_data
                )

                tools.append(componentsschemas_free_form_object_list_item)

        _context = d.pop("context", UNSET)
        context: list[FreeFormObject] | Unset = UNSET
        if _context is not UNSET:
            context = []
            for componentsschemas_free_form_object_list_item_data in _context:
                componentsschemas_free_form_object_list_item = FreeFormObject.from_dict(
                    componentsschemas_free_form_object_list_item_data
                )

                context.append(componentsschemas_free_form_object_list_item)

        forwarded_props = d.pop("forwardedProps", UNSET)

        _resume = d.pop("resume", UNSET)
        resume: list[AgUiResumeEntry] | Unset = UNSET
        if _resume is not UNSET:
            resume = []
            for resume_item_data in _resume:
                resume_item = AgUiResumeEntry.from_dict(resume_item_data)

                resume.append(resume_item)

        ag_ui_run_agent_input = cls(
            thread_id=thread_id,
            run_id=run_id,
            messages=messages,
            parent_run_id=parent_run_id,
            protocol_version=protocol_version,
            state=state,
            tools=tools,
            context=context,
            forwarded_props=forwarded_props,
            resume=resume,
        )

        return ag_ui_run_agent_input
