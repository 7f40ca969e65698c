from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.embeddings_status import EmbeddingsStatus

if TYPE_CHECKING:
    from ..models.error_detail import ErrorDetail


T = TypeVar("T", bound="EmbeddingsConfig")


@_attrs_define
class EmbeddingsConfig:
    """The embeddings model (an OpenAI-compatible `/embeddings` endpoint)."""

    base_url: str
    """ The API's URL (with its `/v1`). """
    model: str
    """ The model name. """
    dimensions: int
    """ The vectors' dimensions. """
    has_api_key: bool
    """ A key is stored (never returned). """
    status: EmbeddingsStatus
    """ `ready`: searches use this model; `embedding`: its vectors are being made (searches use the previous model
    meanwhile, if any); `failed`: making them failed (`error`; PUT the same configuration again to retry). """
    error: ErrorDetail | None
    """ Why embedding failed (null otherwise). """
    active_model: None | str
    """ The model whose vectors answer searches now (null before the first is ready). """
    ready_at: datetime.datetime | None
    """ When this model's vectors were complete. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail

        base_url = self.base_url

        model = self.model

        dimensions = self.dimensions

        has_api_key = self.has_api_key

        status = self.status.value

        error: dict[str, Any] | None
        if isinstance(self.error, ErrorDetail):
            error = self.error.to_dict()
        else:
            error = self.error

        active_model: None | str
        active_model = self.active_model

        ready_at: None | str
        if isinstance(self.ready_at, datetime.datetime):
            ready_at = self.ready_at.isoformat()
        else:
            ready_at = self.ready_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "base_url": base_url,
                "model": model,
                "dimensions": dimensions,
                "has_api_key": has_api_key,
                "status": status,
                "error": error,
                "active_model": active_model,
                "ready_at": ready_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_detail import ErrorDetail

        d = dict(src_dict)
        base_url = d.pop("base_url")

        model = d.pop("model")

        dimensions = d.pop("dimensions")

        has_api_key = d.pop("has_api_key")

        status = EmbeddingsStatus(d.pop("status"))

        def _parse_error(data: object) -> ErrorDetail | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ErrorDetail.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorDetail | None, data)

        error = _parse_error(d.pop("error"))

        def _parse_active_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        active_model = _parse_active_model(d.pop("active_model"))

        def _parse_ready_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ready_at_type_0 = datetime.datetime.fromisoformat(data)

                return ready_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ready_at = _parse_ready_at(d.pop("ready_at"))

        embeddings_config = cls(
            base_url=base_url,
            model=model,
            dimensions=dimensions,
            has_api_key=has_api_key,
            status=status,
            error=error,
            active_model=active_model,
            ready_at=ready_at,
        )

        return embeddings_config
