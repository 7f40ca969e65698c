"""openapi.yaml is validated once per content: a process that builds an app from a document
already found valid (the digest recorded in the data directory) does not validate it again; a
changed document is validated again, and an invalid one is never recorded."""
from __future__ import annotations

import copy

import openapi_spec_validator
import pytest
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from server import openapi31
from server.app import create_app, load_spec
from tests.conftest import make_settings


@pytest.fixture()
def validations(monkeypatch):
    """The documents the validator checked; the process's own memory starts empty, as in a new
    process."""
    seen = []
    real = openapi_spec_validator.validate

    def validate(spec, *args, **kwargs):
        seen.append(spec)
        return real(spec, *args, **kwargs)

    monkeypatch.setattr(openapi_spec_validator, "validate", validate)
    monkeypatch.setattr(openapi31, "_validated", set())
    monkeypatch.setattr(openapi31, "_cache_dir", None)
    return seen


def test_a_second_app_from_the_same_document_does_not_validate_it(validations, database_url,
                                                                  tmp_path, monkeypatch):
    settings = make_settings(database_url, tmp_path / "data")
    create_app(settings, migrate=True)
    assert len(validations) == 1
    assert (tmp_path / "data" / openapi31.CACHE_FILE).read_text().split() == \
        openapi31.validated()

    monkeypatch.setattr(openapi31, "_validated", set())  # another process, same data directory
    create_app(settings)
    assert len(validations) == 1

    monkeypatch.setattr(openapi31, "_validated", set())  # another data directory
    create_app(make_settings(database_url, tmp_path / "other"))
    assert len(validations) == 2


def test_a_changed_document_is_validated_again(validations, tmp_path, monkeypatch):
    spec = load_spec()
    openapi31.validate_document(spec, cache_dir=tmp_path)
    changed = copy.deepcopy(spec)
    changed["info"]["description"] += " Changed."
    openapi31.validate_document(changed, cache_dir=tmp_path)
    assert len(validations) == 2
    monkeypatch.setattr(openapi31, "_validated", set())
    openapi31.validate_document(spec, cache_dir=tmp_path)
    openapi31.validate_document(changed, cache_dir=tmp_path)
    assert len(validations) == 2  # both recorded


def test_an_invalid_document_is_refused_every_time_and_never_recorded(validations, tmp_path):
    broken = copy.deepcopy(load_spec())
    broken["paths"]["/broken"] = {"get": {"responses": "none"}}
    for _ in range(2):
        with pytest.raises(OpenAPIValidationError):
            openapi31.validate_document(broken, cache_dir=tmp_path)
    assert len(validations) == 2
    assert not (tmp_path / openapi31.CACHE_FILE).exists()


def test_an_unwritable_cache_only_means_validating_again(validations, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    spec = load_spec()
    openapi31.validate_document(spec, cache_dir=blocked)
    assert len(validations) == 1 and blocked.read_text() == "not a directory"
