from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kb_search_hit import KbSearchHit


T = TypeVar("T", bound="KbSearchResult")


@_attrs_define
class KbSearchResult:
    results: list[KbSearchHit]
    """ The chunks found, best first. """

    def to_dict(self) -> dict[str, Any]:
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kb_search_hit import KbSearchHit

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = KbSearchHit.from_dict(results_item_data)

            results.append(results_item)

        kb_search_result = cls(
            results=results,
        )

        return kb_search_result
