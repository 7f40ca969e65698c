from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.import_skipped import ImportSkipped
    from ..models.rebuild import Rebuild
    from ..models.tool import Tool


T = TypeVar("T", bound="ImportResult")


@_attrs_define
class ImportResult:
    created: list[Tool]
    """ The tools created, one per operation. """
    skipped: list[ImportSkipped]
    """ Operations that did not become tools, with the reason. """
    rebuild: None | Rebuild
    """ The registry reload and agent rebuild that followed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.rebuild import Rebuild

        created = []
        for created_item_data in self.created:
            created_item = created_item_data.to_dict()
            created.append(created_item)

        skipped = []
        for skipped_item_data in self.skipped:
            skipped_item = skipped_item_data.to_dict()
            skipped.append(skipped_item)

        rebuild: dict[str, Any] | None
        if isinstance(self.rebuild, Rebuild):
            rebuild = self.rebuild.to_dict()
        else:
            rebuild = self.rebuild

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created": created,
                "skipped": skipped,
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_skipped import ImportSkipped
        from ..models.rebuild import Rebuild
        from ..models.tool import Tool

        d = dict(src_dict)
        created = []
        _created = d.pop("created")
        for created_item_data in _created:
            created_item = Tool.from_dict(created_item_data)

            created.append(created_item)

        skipped = []
        _skipped = d.pop("skipped")
        for skipped_item_data in _skipped:
            skipped_item = ImportSkipped.from_dict(skipped_item_data)

            skipped.append(skipped_item)

        def _parse_rebuild(data: object) -> None | Rebuild:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rebuild_type_0 = Rebuild.from_dict(data)

                return rebuild_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rebuild, data)

        rebuild = _parse_rebuild(d.pop("rebuild"))

        import_result = cls(
            created=created,
            skipped=skipped,
            rebuild=rebuild,
        )

        return import_result
