"""Your agent answers every kind of decision with a legal action, and over HTTP it answers signed requests
and refuses unsigned ones. fixtures/ holds one sample request of each phase.

Run:  python3 -m unittest      (or python3 -m pytest)
"""

import json
import threading
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from agent import decide
from coup_agent import make_server, sign, to_answer

SAMPLES = [json.loads(p.read_text()) for p in sorted((Path(__file__).parent / "fixtures").glob("*.json"))]


class DecideTest(unittest.TestCase):
    def test_every_sample_request_gets_a_legal_action(self) -> None:
        self.assertGreaterEqual(len(SAMPLES), 6, "the sample requests are in fixtures/")
        for req in SAMPLES:
            with self.subTest(phase=req["phase"]):
                self.assertIn(to_answer(decide(req))["action"], req["legalActions"])


class ServerTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = make_server(decide, port=0, secret="test-secret")
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def tearDown(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def post(self, body: bytes, headers: dict) -> int:
        req = urllib.request.Request(f"{self.server.url}/decide", data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                self.assertIn("action", json.loads(res.read()))
                return res.status
        except urllib.error.HTTPError as e:
            return e.code

    def test_answers_signed_requests_and_refuses_unsigned_ones(self) -> None:
        body = json.dumps(SAMPLES[0]).encode()
        self.assertEqual(self.post(body, {"X-Coup-Signature": sign("test-secret", body)}), 200)
        self.assertEqual(self.post(body, {}), 401)


if __name__ == "__main__":
    unittest.main()
