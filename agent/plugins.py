"""Every extension point in one short file: the toolkits and the LLM backends dbcopilot knows, by name.

A new backend is a ``Backend`` subclass in agent/backends.py decorated with ``@register_backend``; a new
toolkit is a class following ``toolkits.base.Toolkit``, registered at the bottom of this file. Pages,
the CLI and the agent list and choose from these tables, never from copies of the names.
"""
from __future__ import annotations

import threading
from typing import Any

from toolkits.base import Toolkit

BACKENDS: dict[str, type] = {}  # name -> Backend subclass
TOOLKITS: dict[str, type] = {}  # name -> Toolkit class
_INSTANCES: dict[str, Toolkit] = {}
_LOCK = threading.Lock()


def register_backend(cls: type) -> type:
    BACKENDS[cls.name] = cls
    return cls


def register_toolkit(cls: type) -> type:
    TOOLKITS[cls.name] = cls
    return cls


def get_toolkit(settings: Any = None) -> Toolkit:
    """The toolkit the settings choose (one instance per process): "postgres" or "kubernetes"."""
    name = settings.toolkit if settings is not None else "postgres"
    if name not in TOOLKITS:
        raise ValueError(f"unknown toolkit {name!r}; known: {', '.join(sorted(TOOLKITS))}")
    with _LOCK:
        if name not in _INSTANCES:
            _INSTANCES[name] = TOOLKITS[name]()
        return _INSTANCES[name]


from toolkits.kubernetes.toolkit import KubernetesToolkit  # noqa: E402
from toolkits.postgres.toolkit import PostgresToolkit  # noqa: E402  (the registrations below need the tables above)

register_toolkit(PostgresToolkit)
register_toolkit(KubernetesToolkit)
