import pytest
from django.core.exceptions import ImproperlyConfigured

from alta_site.env import env_bool, env_int, env_list, env_secret


def test_env_bool_reads_common_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "Yes")
    assert env_bool("FLAG", False) is True
    monkeypatch.setenv("FLAG", "0")
    assert env_bool("FLAG", True) is False
    monkeypatch.delenv("FLAG")
    assert env_bool("FLAG", True) is True


def test_env_bool_rejects_garbage_naming_the_variable(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG must be a boolean"):
        env_bool("FLAG", False)


def test_env_int(monkeypatch):
    monkeypatch.setenv("COUNT", "12")
    assert env_int("COUNT", 1) == 12
    monkeypatch.setenv("COUNT", "twelve")
    with pytest.raises(ImproperlyConfigured, match="COUNT must be an integer"):
        env_int("COUNT", 1)


def test_env_list_drops_blanks(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]


def test_env_secret_reads_a_file(monkeypatch, tmp_path):
    secret = tmp_path / "key"
    secret.write_text("s3cret\n")
    monkeypatch.delenv("TOKEN", raising=False)
    monkeypatch.setenv("TOKEN_FILE", str(secret))
    assert env_secret("TOKEN") == "s3cret"
    monkeypatch.setenv("TOKEN_FILE", str(tmp_path / "missing"))
    with pytest.raises(ImproperlyConfigured, match="TOKEN_FILE"):
        env_secret("TOKEN")
