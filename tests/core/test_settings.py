"""Settings come from the environment in one typed object."""
import os
import stat

import pytest

from core.settings import Settings


def test_defaults_are_the_embedded_ones(tmp_path):
    s = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path)})
    assert s.database_url == f"sqlite:///{tmp_path / 'agent-platform.db'}"
    assert s.redis_url is None and s.admin_token is None
    assert (s.host, s.port, s.workers, s.log_level) == ("127.0.0.1", 8080, 1, "INFO")
    assert s.http_keepalive_s == 75.0  # above clients' 5 s and load balancers' 60 s idle expiry


def test_the_data_directory_is_one_per_user_by_default(tmp_path):
    home = {"HOME": str(tmp_path), "AGENT_PLATFORM_SECRET_KEY": "k" * 40}
    default = tmp_path / ".local" / "share" / "agent-platform"
    assert Settings.from_env(home).data_dir == default
    assert Settings.from_env(home).database_url == f"sqlite:///{default / 'agent-platform.db'}"
    xdg = {**home, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    assert Settings.from_env(xdg).data_dir == tmp_path / "xdg" / "agent-platform"
    relative = {**home, "XDG_DATA_HOME": "relative/dir"}  # not absolute: ignored
    assert Settings.from_env(relative).data_dir == default
    chosen = {**xdg, "AGENT_PLATFORM_DATA_DIR": str(tmp_path / "mine")}
    assert Settings.from_env(chosen).data_dir == tmp_path / "mine"


def test_a_password_in_the_database_url_is_not_shown(tmp_path):
    url = "postgresql://u:pw@h:5432/db?password=pw2&sslmode=require"
    s = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path), "DATABASE_URL": url})
    assert s.database_shown == "postgresql://u:***@h:5432/db?password=***&sslmode=require"
    plain = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path)})
    assert plain.database_shown == plain.database_url


def test_a_generated_secret_is_kept_in_the_data_dir_across_restarts(tmp_path):
    first = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path)})
    second = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path)})
    assert len(first.secret_key) >= 40 and first.secret_key == second.secret_key
    mode = stat.S_IMODE(os.stat(tmp_path / "agent-platform.secret").st_mode)
    assert mode == 0o600


def test_environment_overrides(tmp_path):
    s = Settings.from_env({
        "AGENT_PLATFORM_DATA_DIR": str(tmp_path), "DATABASE_URL": "postgresql://u@h/db",
        "REDIS_URL": "redis://h:1/0", "AGENT_PLATFORM_SECRET_KEY": "k" * 40,
        "AGENT_PLATFORM_ADMIN_TOKEN": "adm", "AGENT_PLATFORM_PORT": "9000",
        "AGENT_PLATFORM_WORKERS": "4", "AGENT_PLATFORM_LOG_LEVEL": "debug",
        "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1, 10.0.0.0/8",
    })
    assert s.database_url.startswith("postgresql://") and not s.is_sqlite
    assert (s.redis_url, s.secret_key, s.admin_token) == ("redis://h:1/0", "k" * 40, "adm")
    assert (s.port, s.workers, s.log_level) == (9000, 4, "DEBUG")
    assert s.ssrf_allow == ("127.0.0.1", "10.0.0.0/8")
    assert not (tmp_path / "agent-platform.secret").exists()


def test_bad_numbers_are_reported(tmp_path):
    with pytest.raises(SystemExit) as err:
        Settings.from_env({"AGENT_PLATFORM_DATA_DIR": str(tmp_path), "AGENT_PLATFORM_PORT": "eighty"})
    assert "AGENT_PLATFORM_PORT" in str(err.value)
