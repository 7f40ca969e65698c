from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.organization_document_metadata import OrganizationDocumentMetadata
    from ..models.organization_document_spec import OrganizationDocumentSpec


T = TypeVar("T", bound="OrganizationDocument")


@_attrs_define
class OrganizationDocument:
    """An organization's configuration (docs/config-as-code.md); `spec` is described by the JSON Schema at
    `/schemas/organization-v1.json`.

    """

    api_version: str
    """ `agent-platform/v1`. A document of a newer version is refused (`api_version_unsupported`). """
    kind: str
    """ `Organization`. """
    spec: OrganizationDocumentSpec
    """ `tool_providers` (with their `tools`), `prompt_blocks`, `agents`, `networks`, `workflows`, `schedules`,
    `groups` and `cors_origins`, as `/schemas/organization-v1.json` describes them. """
    metadata: OrganizationDocumentMetadata | Unset = UNSET
    """ About the document. """

    def to_dict(self) -> dict[str, Any]:
        api_version = self.api_version

        kind = self.kind

        spec = self.spec.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.organization_document_metadata import OrganizationDocumentMetadata
        from ..models.organization_document_spec import OrganizationDocumentSpec

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

        organization_document = cls(
            api_version=api_version,
            kind=kind,
            spec=spec,
            metadata=metadata,
        )

        return organization_document
