"""A small client for the JSON API, so tests read as the table plays."""

from __future__ import annotations

import uuid


class TableDriver:
    """One table driven through the API: remembers its code, tokens and the last seq seen."""

    def __init__(self, client, game: str, players: list[str], options: dict | None = None):
        self.client = client
        response = client.post("/api/tables", json={"game": game, "players": players, "options": options or {}})
        assert response.status_code == 201, response.json
        opened = response.json
        self.code, self.seq, self.host = opened["code"], opened["seq"], opened["host_token"]
        self.claimed: dict[int, str] = {}
        self.opened = opened

    @classmethod
    def of(cls, client, code: str, host: str) -> TableDriver:
        """A table opened some other way (a rematch), driven with its host token."""
        driver = cls.__new__(cls)
        driver.client, driver.code, driver.host, driver.claimed = client, code, host, {}
        board = client.get(f"/api/tables/{code}").json
        driver.opened, driver.seq = {"seats": board["state"]["players"]}, board["seq"]  # as ``tokens`` reads it
        return driver

    def token(self, seat: int) -> str:
        """The seat's token, claimed for this client by the host the first time it is needed."""
        if seat not in self.claimed:
            response = self.client.post(
                f"/api/tables/{self.code}/seats/{seat}/claim", headers={"Authorization": f"Bearer {self.host}"}
            )
            assert response.status_code == 201, response.json
            self.claimed[seat] = response.json["token"]
        return self.claimed[seat]

    @property
    def tokens(self) -> list[str]:
        return [self.token(seat) for seat in range(len(self.opened["seats"]))]

    def auth(self, by) -> dict:
        token = self.host if by == "host" else self.token(by)
        return {"Authorization": f"Bearer {token}"}

    def enter(
        self,
        action: dict,
        by="host",
        seat=None,
        expect: int = 200,
        key: str | None = None,
        ruling: bool = False,
        seq: int | None = None,
    ):
        body = {"action": action, "expected_seq": self.seq if seq is None else seq, "key": key or uuid.uuid4().hex}
        if seat is not None:
            body["seat"] = seat
        if ruling:
            body["ruling"] = True
        response = self.client.post(f"/api/tables/{self.code}/plays", json=body, headers=self.auth(by))
        assert response.status_code == expect, response.json
        if response.status_code in (200, 409):
            self.seq = response.json["seq"] if response.status_code == 409 else max(self.seq, response.json["seq"])
        return response.json

    def play(self, seat: int, cards: str, **kw):
        return self.enter({"type": "play", "cards": cards}, by=kw.pop("by", seat), seat=seat, **kw)

    def pass_(self, seat: int, flip: str | None = None, **kw):
        action = {"type": "pass", **({"flip": flip} if flip else {})}
        return self.enter(action, by=kw.pop("by", seat), seat=seat, **kw)

    def undo(self, by="host", expect: int = 200, key: str | None = None):
        response = self.client.post(
            f"/api/tables/{self.code}/undo",
            headers=self.auth(by),
            json={"expected_seq": self.seq, "key": key or uuid.uuid4().hex},
        )
        assert response.status_code == expect, response.json
        if response.status_code == 200:
            self.seq = response.json["seq"]
        return response.json

    def board(self, by=None) -> dict:
        headers = self.auth(by) if by is not None else {}
        response = self.client.get(f"/api/tables/{self.code}", headers=headers)
        assert response.status_code == 200
        return response.json

    def state(self, by=None) -> dict:
        return self.board(by)["state"]
