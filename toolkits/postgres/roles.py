"""Least privilege: what the connected role could change, and the SQL of a role that can only read.

    report = inspect_role(dsn)              # RoleReport; report.warning is "" when the role cannot write
    plan = plan_role(admin_dsn, "dbcopilot_ro")
    print(";\n".join(plan.statements))      # CREATE ROLE ... LOGIN; GRANT pg_monitor, pg_read_all_data ...
    create_role(admin_dsn, plan)            # only after the user confirmed

Every tool works under ``pg_monitor`` + ``pg_read_all_data`` (tests/test_roles.py runs them all as such a role):
pg_monitor reads every statistics view, pg_stat_statements' query texts and all settings; pg_read_all_data
reads every table, which run_sql, describe_table and index_advice (hypopg plans) need.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from toolkits.postgres.connection import connect, explain_error

SAMPLE = 3  # names shown per kind of power in the warning
READ_ROLES = ("pg_monitor", "pg_read_all_data")

_ROLE_SQL = """
SELECT current_user::text, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolreplication, r.rolbypassrls,
       pg_has_role(current_user, 'pg_write_all_data', 'MEMBER'), pg_has_role(current_user, 'pg_read_all_data', 'MEMBER'),
       pg_has_role(current_user, 'pg_monitor', 'MEMBER'), has_database_privilege(current_database(), 'CREATE'),
       current_database()::text
FROM pg_roles r WHERE r.rolname = current_user
"""
# user relations the role may write (table/column privileges, sequences it may setval) or owns (owners may do anything)
_TABLES_SQL = """
SELECT count(*) FILTER (WHERE writes), (array_agg(name ORDER BY name) FILTER (WHERE writes))[1:%(n)s],
       count(*) FILTER (WHERE owns), (array_agg(name ORDER BY name) FILTER (WHERE owns))[1:%(n)s]
FROM (SELECT format('%%I.%%I', n.nspname, c.relname) AS name,
             CASE WHEN c.relkind = 'S' THEN has_sequence_privilege(c.oid, 'UPDATE')
                  ELSE has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
                       OR has_any_column_privilege(c.oid, 'INSERT, UPDATE') END AS writes,
             pg_has_role(c.relowner, 'MEMBER') AS owns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname !~ '^pg_(toast|temp_)') t
"""
_SCHEMAS_SQL = """
SELECT nspname::text FROM pg_namespace
WHERE has_schema_privilege(oid, 'CREATE') AND nspname NOT IN ('pg_catalog', 'information_schema')
  AND nspname !~ '^pg_(toast|temp_)'
ORDER BY 1
"""


class RoleError(Exception):
    """A user-facing failure of make-role: the message is shown as is."""


@dataclass
class RoleReport:
    """What the connected role may do beyond reading; ``warning`` is one line, "" for a read-only role."""

    role: str
    database: str = ""
    superuser: bool = False
    createrole: bool = False
    createdb: bool = False
    replication: bool = False
    bypassrls: bool = False
    write_all_data: bool = False  # member of pg_write_all_data
    read_all_data: bool = False  # member of pg_read_all_data
    monitor: bool = False  # member of pg_monitor
    create_on_database: bool = False
    create_schemas: list[str] = field(default_factory=list)
    writable_tables: int = 0  # INSERT/UPDATE/DELETE/TRUNCATE on user tables (or UPDATE on sequences)
    writable_sample: list[str] = field(default_factory=list)
    owned_tables: int = 0
    owned_sample: list[str] = field(default_factory=list)

    @property
    def powers(self) -> list[str]:
        """Each way the role can change something, in a few words (empty: it can only read).
        BYPASSRLS is reported on the report but not here: it widens what the role reads, it writes nothing."""
        if self.superuser:
            return ["superuser"]
        out = [word for flag, word in ((self.createrole, "CREATEROLE"), (self.createdb, "CREATEDB"),
                                       (self.replication, "REPLICATION"),
                                       (self.write_all_data, "member of pg_write_all_data")) if flag]
        if self.writable_tables:
            out.append(f"INSERT/UPDATE/DELETE/TRUNCATE on {self.writable_tables} table(s) ({_sample(self.writable_sample, self.writable_tables)})")
        if self.owned_tables:
            out.append(f"owns {self.owned_tables} table(s) ({_sample(self.owned_sample, self.owned_tables)})")
        if self.create_schemas:
            out.append(f"CREATE on schema {', '.join(self.create_schemas[:SAMPLE])}"
                       + (", …" if len(self.create_schemas) > SAMPLE else ""))
        if self.create_on_database:
            out.append(f"CREATE on database {self.database}")
        return out

    @property
    def can_write(self) -> bool:
        return bool(self.powers)

    @property
    def warning(self) -> str:
        if self.superuser:
            return (f"warning: role {self.role} is a superuser: it can change anything on this server, and "
                    "dbcopilot only needs to read. Create a read-only role (pg_monitor + pg_read_all_data) with "
                    "'dbcopilot make-role' and point DBCOPILOT_DSN at it.")
        if not self.can_write:
            return ""
        return (f"warning: role {self.role} can write ({'; '.join(self.powers)}), and dbcopilot only needs to read. "
                "Create a read-only role (pg_monitor + pg_read_all_data) with 'dbcopilot make-role' and point "
                "DBCOPILOT_DSN at it.")


def _sample(names: list[str], total: int) -> str:
    return ", ".join(names[:SAMPLE]) + (", …" if total > SAMPLE else "")


def inspect_role(dsn: str, timeout_s: int = 5) -> RoleReport:
    """Inspect the role the DSN connects as (read-only catalog queries). Raises psycopg.Error / OSError."""
    with connect(dsn, timeout_s) as conn:
        conn.read_only = True
        try:  # keep these catalog queries out of the user's pg_stat_statements (allowed to superusers only)
            conn.execute("SET pg_stat_statements.track = 'none'")
        except psycopg.Error:
            conn.rollback()
        return role_report(conn)


def role_report(conn: psycopg.Connection) -> RoleReport:
    """The report for ``conn``'s current role."""
    (role, sup, crole, cdb, repl, bypass, write_all, read_all, monitor, create_db, db) = conn.execute(_ROLE_SQL).fetchone()
    report = RoleReport(role, db, sup, crole, cdb, repl, bypass, write_all, read_all, monitor, create_db)
    if sup:
        return report
    report.create_schemas = [r[0] for r in conn.execute(_SCHEMAS_SQL)]
    (report.writable_tables, writable, report.owned_tables, owned) = conn.execute(_TABLES_SQL, {"n": SAMPLE}).fetchone()
    report.writable_sample, report.owned_sample = list(writable or []), list(owned or [])
    return report


# --------------------------------------------------------------------------- make-role
@dataclass
class RolePlan:
    name: str
    database: str
    statements: list[str]  # without a trailing ";"
    dsn: str  # how to connect as the new role (the admin DSN's host, port and database; no password)
    quiet_stats: bool = True  # the runner is a superuser: keep the role's queries out of pg_stat_statements

    @property
    def password_note(self) -> str:
        return (f"-- No password is set here (it would end up in logs and shell history). Set it in psql:\n"
                f"--   \\password {sql.Identifier(self.name).as_string(None)}\n"
                "-- or let pg_hba.conf authenticate the role another way (peer, cert).")


def make_role_sql(name: str, database: str, quiet_stats: bool = True) -> list[sql.Composed]:
    """CREATE ROLE … LOGIN, pg_monitor + pg_read_all_data, CONNECT on the database, read-only by default.

    ``quiet_stats`` (needs a superuser to run): the role's own catalog queries stay out of pg_stat_statements,
    so top_queries and index_advice see the user's workload, not dbcopilot's."""
    role = sql.Identifier(name)
    out = [
        sql.SQL("CREATE ROLE {} LOGIN").format(role),
        sql.SQL("GRANT {} TO {}").format(sql.SQL(", ").join(sql.Identifier(r) for r in READ_ROLES), role),
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(sql.Identifier(database), role),
        sql.SQL("ALTER ROLE {} SET default_transaction_read_only = on").format(role),
    ]
    if quiet_stats:
        out.append(sql.SQL("ALTER ROLE {} SET pg_stat_statements.track = 'none'").format(role))
    return out


def role_dsn(dsn: str, name: str) -> str:
    """The admin DSN with the user changed to ``name`` and any password removed."""
    params = {k: v for k, v in conninfo_to_dict(dsn).items() if k != "password"}
    params["user"] = name
    return make_conninfo("", **params)


def plan_role(dsn: str, name: str, timeout_s: int = 5) -> RolePlan:
    """The statements that create role ``name`` on the server of ``dsn``; RoleError when they cannot apply."""
    name = (name or "").strip()
    if not name or len(name.encode()) > 63:
        raise RoleError("give the role a name of 1 to 63 bytes (--name)")
    if name.lower().startswith("pg_"):
        raise RoleError(f"role names starting with pg_ are reserved by PostgreSQL; choose another --name than {name!r}")
    try:
        with connect(dsn, timeout_s) as conn:
            conn.read_only = True
            version = conn.info.server_version
            database = conn.execute("SELECT current_database()::text").fetchone()[0]
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None
            superuser = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0]
    except (psycopg.Error, OSError) as e:
        raise RoleError(explain_error(e, dsn)) from None
    if version < 140000:
        raise RoleError("pg_read_all_data exists from PostgreSQL 14 on; on this server grant pg_monitor and "
                        "SELECT on the schemas to read (GRANT SELECT ON ALL TABLES IN SCHEMA …) instead")
    if exists:
        raise RoleError(f"a role named {name!r} already exists; choose another --name, or check it with "
                        f"'dbcopilot db-check --dsn \"{role_dsn(dsn, name)}\"'")
    statements = [s.as_string(None) for s in make_role_sql(name, database, superuser)]
    return RolePlan(name, database, statements, role_dsn(dsn, name), superuser)


def create_role(dsn: str, plan: RolePlan, timeout_s: int = 5) -> None:
    """Run the plan's statements in one transaction (the user confirmed them). RoleError on failure."""
    try:  # the only writing connection here (the role may default to read-only transactions)
        with connect(dsn, timeout_s, autocommit=True, read_only=False) as conn:
            conn.execute("SET default_transaction_read_only = off")
            with conn.transaction():  # all or nothing
                for stmt in make_role_sql(plan.name, plan.database, plan.quiet_stats):
                    conn.execute(stmt)
    except psycopg.errors.InsufficientPrivilege as e:
        raise RoleError(f"the role of this DSN may not create roles ({e.diag.message_primary}); connect as a "
                        "superuser or a role with CREATEROLE (--dsn), or give the SQL above to your DBA") from None
    except (psycopg.Error, OSError) as e:
        raise RoleError(explain_error(e, dsn)) from None
