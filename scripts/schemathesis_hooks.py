"""Schemathesis hooks for scripts/schemathesis.sh: how the fuzzer signs in.

One provider signs in once (as ST_EMAIL / ST_PASSWORD) and keeps that session for every
operation; the session-ending operations (logout, refresh, change-password) get a session of
their own for each request, so ending it never signs the fuzzer out.
"""

import os

import requests
import schemathesis

BASE_URL = os.environ["ST_BASE_URL"]
SESSION_ENDING = r"^/api/v1/auth/(logout|refresh|change-password)$"


def sign_in() -> str:
    response = requests.post(
        f"{BASE_URL}/api/v1/auth/login",
        json={"email": os.environ["ST_EMAIL"], "password": os.environ["ST_PASSWORD"]},
        timeout=30,
    )
    response.raise_for_status()
    return response.json()["token"]


class BearerSession:
    def get(self, case, context):
        return sign_in()

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=SESSION_ENDING)
class FreshSession(BearerSession):
    """A new session for every request to an operation that ends the session it is sent with."""


@schemathesis.auth(refresh_interval=24 * 3600).skip_for(path_regex=SESSION_ENDING)
class SharedSession(BearerSession):
    """One session for the whole run (signed in again only after a 401)."""
