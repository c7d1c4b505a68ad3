"""Secrets in connection strings.

``mask_dsn`` hides the passwords of a DSN for display by parsing it (libpq's own parser for the
key=value form, urllib for URLs); ``scrub`` removes DSNs, URLs and passwords from any message, e.g.
a libpq error, which quotes a malformed URL password included. Both fall back to hiding too much,
never too little, when the text cannot be parsed. ``scrub_logs`` applies ``scrub`` to every log record
(message and traceback) the process writes.
"""
from __future__ import annotations

import logging
import re
import traceback
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

MASK = "****"
SECRET_KEYS = ("password", "sslpassword")
MIN_SECRET_LEN = 3  # shorter values are masked where they stand in a DSN, not in free text

# Each starts only where a scheme or keyword starts and never backtracks over what it read: linear.
_URL = re.compile(r"(?<![\w+.-])[A-Za-z][\w+.-]*+://[^\s\"'<>]*")
_PASSWORD = re.compile(r"(password\s*+=\s*+)('(?:[^'\\]|\\.?)*+'?|[^\s'\"]++)", re.I)
_SCHEME = re.compile(r"[A-Za-z][\w+.-]*")


def mask_dsn(dsn: str) -> str:
    """``dsn`` (key=value or URL) with every password replaced by ****."""
    if not dsn:
        return dsn
    scheme, sep, _ = dsn.partition("://")
    if sep and _SCHEME.fullmatch(scheme.strip()):
        return _mask_url(dsn)
    try:
        params = conninfo_to_dict(dsn)
    except (psycopg.Error, ValueError):
        return _mask_unparsed(dsn)
    if not any(params.get(k) is not None for k in SECRET_KEYS):
        return dsn
    return make_conninfo("", **{k: MASK if k in SECRET_KEYS else v for k, v in params.items()})


def scrub(text: str, dsn: str = "") -> str:
    """``text`` with ``dsn`` (and its passwords, raw or %-decoded), any URL's password and any
    ``password=...`` masked."""
    text = str(text)
    if dsn and dsn.strip():
        text = text.replace(dsn, mask_dsn(dsn))
        for secret in sorted(_secrets(dsn), key=len, reverse=True):
            text = text.replace(secret, MASK)
    text = _URL.sub(lambda m: mask_dsn(m.group()), text)
    return _PASSWORD.sub(lambda m: m.group(1) + MASK, text)


def _mask_url(url: str) -> str:
    try:
        parts = urlsplit(url.strip())
    except ValueError:  # e.g. an unclosed [ of an IPv6 host
        return _mask_unparsed(url)
    if "@" in parts.path + parts.query + parts.fragment:  # a password with an unencoded / ? or #
        return _mask_unparsed(url)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, hosts = netloc.rpartition("@")  # the last @ ends the password, as a person means it
        user, colon, _ = userinfo.partition(":")
        netloc = f"{user}{':' + MASK if colon else ''}@{hosts}"
    query = parts.query
    pairs = parse_qsl(query, keep_blank_values=True)
    if any(k.lower() in SECRET_KEYS for k, _ in pairs):
        query = urlencode([(k, MASK if k.lower() in SECRET_KEYS else v) for k, v in pairs], safe="*/")
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def _mask_unparsed(text: str) -> str:
    """Text neither parser could read: hide the URL credentials (up to the last @) and everything
    after the first ``password``."""
    scheme, sep, rest = text.partition("://")
    head = ""
    if not sep:
        rest = text
    else:
        userinfo, at, rest = rest.rpartition("@")
        user, colon, _ = userinfo.partition(":")
        head = f"{scheme}://" + (f"{user}{':' + MASK if colon else ''}@" if at else "")
    cut = rest.lower().find("password")
    return head + (rest[:cut] + "password=" + MASK if cut >= 0 else rest)


def _secrets(dsn: str) -> set[str]:
    """The password values in ``dsn`` as libpq reads them and as a person most likely meant them."""
    found: set[str] = set()
    try:
        params = conninfo_to_dict(dsn)
        found.update(params[k] for k in SECRET_KEYS if params.get(k))
    except (psycopg.Error, ValueError):
        pass
    scheme, sep, rest = dsn.partition("://")
    if sep:
        password = rest.rpartition("@")[0].partition(":")[2]
        found.update([password, unquote(password), *password.split("@")])
    for m in _PASSWORD.finditer(dsn):
        found.add(m.group(2).strip("'"))
    return {s for s in found if len(s) >= MIN_SECRET_LEN}


def scrub_logs() -> None:
    """Scrub every log record from now on: its message and its traceback (formatted here, then scrubbed),
    whichever handler writes it (Streamlit's, a file, the console). Idempotent."""
    make = logging.getLogRecordFactory()
    if getattr(make, "scrubs", False):
        return

    def scrubbed(*args, **kwargs) -> logging.LogRecord:
        record = make(*args, **kwargs)
        try:
            record.msg, record.args = scrub(record.getMessage()), ()
        except Exception:  # noqa: BLE001 - a malformed record: keep it as it was rather than lose it
            return record
        if record.exc_info and record.exc_info[0] is not None:  # formatters print exc_text when it is set
            record.exc_text = scrub("".join(traceback.format_exception(*record.exc_info)).rstrip())
        return record

    scrubbed.scrubs = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(scrubbed)
