"""Secrets at rest: authenticated encryption with key rotation."""
import pytest
from cryptography.fernet import Fernet

from core import crypto


@pytest.fixture(autouse=True)
def restore_keys(settings):
    yield
    crypto.configure(settings.active_encryption_keys)


def test_round_trip_and_tamper_detection():
    crypto.configure([Fernet.generate_key().decode()])
    token = crypto.encrypt({"token": "s3cret-value"})
    assert "s3cret-value" not in token
    assert crypto.decrypt(token) == {"token": "s3cret-value"}
    tampered = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    with pytest.raises(crypto.DecryptionFailed):
        crypto.decrypt(tampered)


def test_rotation_newest_encrypts_all_decrypt():
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    crypto.configure([old])
    under_old = crypto.encrypt("v")
    crypto.configure([new, old])
    assert crypto.decrypt(under_old) == "v"
    rotated = crypto.rotate(under_old)
    crypto.configure([new])
    assert crypto.decrypt(rotated) == "v"
    with pytest.raises(crypto.DecryptionFailed):
        crypto.decrypt(under_old)


def test_default_key_is_derived_from_the_secret_key(settings):
    assert settings.active_encryption_keys == [crypto.derive_key(settings.secret_key)]
    assert crypto.derive_key("a") != crypto.derive_key("b")
