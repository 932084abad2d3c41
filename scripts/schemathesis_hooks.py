"""Schemathesis hooks for scripts/schemathesis.sh: how the fuzzer is signed in.

Every operation but the session-ending ones uses the session the script opened (ST_TOKEN), in
the family whose records the script made. Logout, refresh and change-password get a session
of their own for each request, in a family made for it (a parent, or a parent's child when
ST_ROLE is "child"), so ending it never signs the fuzzer out. New accounts each time, since
the fuzzer learns the run's own emails from the answers and its failed sign-ins would soon
lock them out (5 a quarter hour).
"""

import os
import uuid

import requests
import schemathesis

BASE_URL = os.environ["ST_BASE_URL"]
SESSION_ENDING = r"^/api/v1/auth/(logout|refresh|change-password)$"
PASSWORD = "fresh-session-password"


def post(path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = requests.post(f"{BASE_URL}{path}", json=body, headers=headers, timeout=30)
    response.raise_for_status()
    return response.json()


def fresh_session() -> str:
    tag = uuid.uuid4().hex[:12]
    parent = post(
        "/api/v1/auth/register/parent",
        {"email": f"parent-{tag}@example.com", "password": PASSWORD, "firstName": "Fresh", "lastName": "Session",
         "familyName": "Fresh Family"},
    )
    if os.environ.get("ST_ROLE") != "child":
        return parent["token"]
    email = f"child-{tag}@example.com"
    post(
        "/api/v1/auth/register/child",
        {"email": email, "password": PASSWORD, "firstName": "Fresh", "lastName": "Child", "weeklyAllowance": 1},
        parent["token"],
    )
    return post("/api/v1/auth/login", {"email": email, "password": PASSWORD})["token"]


class BearerSession:
    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=SESSION_ENDING)
class FreshSession(BearerSession):
    """A new session for every request to an operation that ends the session it is sent with."""

    def get(self, case, context):
        return fresh_session()


@schemathesis.auth(refresh_interval=None, retry_on=[]).skip_for(path_regex=SESSION_ENDING)
class SharedSession(BearerSession):
    """The script's session, for the whole run."""

    def get(self, case, context):
        return os.environ["ST_TOKEN"]
