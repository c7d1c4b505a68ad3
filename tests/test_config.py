"""Configuration precedence: explicit > environment > TOML file > defaults; secrets masked."""
import json

from psycopg.conninfo import conninfo_to_dict
from typer.testing import CliRunner

from agent.config import Settings, mask_dsn


def test_defaults(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    s = Settings()
    assert s.llm_backend == "grounded"
    assert s.dsn == ""
    assert s.route == "auto"


def test_toml_then_env_then_explicit(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dbcopilot.toml").write_text('llm_backend = "openai"\nllm_model = "from-toml"\ntop_k = 7\n')
    s = Settings()
    assert (s.llm_backend, s.llm_model, s.top_k) == ("openai", "from-toml", 7)
    monkeypatch.setenv("DBCOPILOT_LLM_MODEL", "from-env")
    s = Settings()
    assert s.llm_model == "from-env" and s.top_k == 7  # env beats TOML, TOML still fills the rest
    assert Settings(llm_model="explicit").llm_model == "explicit"


def test_config_file_path_from_env(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    other = tmp_path / "elsewhere.toml"
    other.write_text('router_threshold = 0.75\n')
    monkeypatch.setenv("DBCOPILOT_CONFIG", str(other))
    assert Settings().router_threshold == 0.75


def test_masking():
    s = Settings(llm_api_key="sk-verysecretkey1234", dsn="postgresql://app:hunter2@db:5432/shop")
    shown = s.masked()
    assert "verysecret" not in json.dumps(shown) and shown["llm_api_key"].endswith("1234")
    assert "hunter2" not in shown["dsn"]
    masked = mask_dsn("host=db user=app password=hunter2 dbname=x")  # parsed and rebuilt: libpq's key order
    assert conninfo_to_dict(masked) == {"host": "db", "user": "app", "password": "****", "dbname": "x"}


def test_config_command_prints_masked_settings(monkeypatch, tmp_path):
    from app.cli import cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DBCOPILOT_LLM_API_KEY", "sk-abcdefghijklmnop")
    from agent.config import get_settings

    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(cli, ["config"])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["llm_api_key"] == "****mnop"
    assert data["llm_backend"] == "grounded"
