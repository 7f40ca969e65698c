from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.organization_document_metadata import OrganizationDocumentMetadata
    from ..models.organization_document_spec import OrganizationDocumentSpec
    from ..models.placeholder_values import PlaceholderValues


T = TypeVar("T", bound="OrganizationDocumentRequest")


@_attrs_define
class OrganizationDocumentRequest:
    """An organization document to plan or apply, with the values of its placeholders in `secrets` (a request only: an
    export never holds one).

    """

    api_version: str
    """ `agent-platform/v1`. """
    kind: str
    """ `Organization`. """
    spec: OrganizationDocumentSpec
    """ `tool_providers` (with their `tools`), `prompt_blocks`, `agents`, `networks`, `workflows`, `schedules`,
    `groups` and `cors_origins`, as `/schemas/organization-v1.json` describes them. """
    metadata: OrganizationDocumentMetadata | Unset = UNSET
    """ About the document. """
    secrets: PlaceholderValues | Unset = UNSET
    """ Placeholder name (`NAME` of `${NAME}`) to its value. """

    def to_dict(self) -> dict[str, Any]:
        api_version = self.api_version

        kind = self.kind

        spec = self.spec.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        secrets: dict[str, Any] | Unset = UNSET
        if not isinstance(self.secrets, Unset):
            secrets = self.secrets.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "apiVersion": api_version,
                "kind": kind,
                "spec": spec,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if secrets is not UNSET:
            field_dict["secrets"] = secrets

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.organization_document_metadata import OrganizationDocumentMetadata
        from ..models.organization_document_spec import OrganizationDocumentSpec
        from ..models.placeholder_values import PlaceholderValues

        d = dict(src_dict)
        api_version = d.pop("apiVersion")

        kind = d.pop("kind")

        spec = OrganizationDocumentSpec.from_dict(d.pop("spec"))

        _metadata = d.pop("metadata", UNSET)
        metadata: OrganizationDocumentMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = OrganizationDocumentMetadata.from_dict(_metadata)

        _secrets = d.pop("secrets", UNSET)
        secrets: PlaceholderValues | Unset
        if isinstance(_secrets, Unset):
            secrets = UNSET
        else:
            secrets = PlaceholderValues.from_dict(_secrets)

        organization_document_request = cls(
            api_version=api_version,
            kind=kind,
            spec=spec,
            metadata=metadata,
            secrets=secrets,
        )

        return organization_document_request
