"""Refusals composed without a generative model (the grounded backend): a reason tied to
what the request asks for, and a safe alternative. Rules, not generation."""
from __future__ import annotations

import re

# (pattern over the request, the risk it carries, a safe alternative)
UNSAFE_RULES: list[tuple[str, str, str]] = [
    (r"\b(bomb|explosive|detonator|napalm|thermite|molotov|gun|rifle|pistol|silencer|weapon|ricin|sarin|meth|"
     r"cocaine|fentanyl|mdma|heroin|overdose|lethal dose|stab|poison (my|a|his|her|someone|people)|kidnap|"
     r"slurs?|subhuman|harass|stalk|track (my|his|her) \w+'?s? (phone|location)|phishing|scam|launder|fake (id|insurance|doctor))",
     "it could hurt people, and helping with it is something I never do",
     "I only help with databases. If you or someone else is in danger, please contact local emergency services."),
    (r"\b(drop|truncate|delete|wipe|destroy|erase)\b",
     "it would destroy data, and there is no undo without a backup",
     "If you really need to remove data, take a backup first (`pg_dump -Fc`), try the statement on a copy, "
     "and run it inside a transaction you can roll back."),
    (r"inject|sqlmap|union\s+select|' ?or ?'?1'? ?= ?'?1|bypass (the )?login|exploit",
     "it describes attacking an application or database through injection",
     "I can explain how to prevent SQL injection: parameterised queries, least-privilege roles, and input validation."),
    (r"password|credential|hash(es)?|pg_shadow|pg_authid|crack|brute",
     "it asks for other people's credentials or for breaking authentication",
     "I can help you set up proper authentication instead: SCRAM-SHA-256, pg_hba.conf rules, and password rotation."),
    (r"pentest|hack|break into|someone else'?s|without (their )?(permission|authori[sz]ation)|steal|exfiltrat|dump .*(customer|user)s?",
     "it targets a system or data you may not be authorised to access",
     "Security testing needs the owner's written authorisation; with it, I can help you harden and audit your own database."),
    (r"disable (the )?(audit|log|ssl|auth)|cover (my|the) tracks|hide",
     "it would weaken security controls or hide activity",
     "I can help you configure auditing (pgaudit, log_statement) and secure connections instead."),
    (r"\bkill\b|terminate all|shut ?down|crash|fill (the )?disk|fork bomb|denial",
     "it would take a database or its users down",
     "For planned maintenance, I can help you drain connections gracefully and schedule a window."),
]

GENERIC_UNSAFE = (
    "it could damage data, weaken security, or affect systems without authorisation",
    "If this is your own system and you have authorisation, describe the goal behind the request "
    "and I will suggest a safe way to reach it.",
)


# Someone who may be at risk of harming themselves gets care, not a refusal notice, on any route.
_SELF_HARM = re.compile(
    r"\b(kill(ing)? myself|suicid(e|al)|end (it all|my (own )?life)|take my (own )?life|self[- ]?harm|"
    r"hurt(ing)? myself|cut(ting)? myself|want(ed)? to die|do ?n[o']t want to (live|be alive|exist|wake up)|"
    r"no reason to (live|go on)|better off (dead|without me)|overdose)\b", re.I)

CARING = (
    "I'm really sorry you're going through this. You don't have to face it alone, and talking to someone "
    "can help right now.\n\n"
    "- If you are in immediate danger, call your local emergency number.\n"
    "- In the US, call or text **988** (Suicide & Crisis Lifeline); in the UK and Ireland, call Samaritans on "
    "**116 123**; elsewhere, **findahelpline.com** lists free, confidential lines in your country.\n"
    "- If you can, tell someone you trust how you are feeling.\n\n"
    "I can't help with anything that could hurt you, but I'm here if you want to talk about something else."
)


def self_harm(question: str) -> bool:
    """Whether a message speaks of harming oneself (it is answered with CARING, whatever the router says)."""
    return bool(_SELF_HARM.search(question or ""))


def refuse(route: str, question: str) -> str:
    if self_harm(question):
        return CARING
    if route == "irrelevant":
        return (
            "I only help with databases — SQL, PostgreSQL and other database products, performance, operations "
            "and diagnosis — so I'll leave this one aside. If you meant a database question, rephrase it with the "
            "database, table or setting it is about."
        )
    text = question.lower()
    risk, alternative = next(
        ((r, a) for pattern, r, a in UNSAFE_RULES if re.search(pattern, text)), GENERIC_UNSAFE
    )
    return f"I can't help with this request: {risk}.\n\n{alternative}"
