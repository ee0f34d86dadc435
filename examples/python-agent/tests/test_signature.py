from coup_agent import sign, signature_error, verify_signature

BODY = b'{"hello":"coup"}'
T = 1795300000


def test_matches_the_platform_signature() -> None:
    # The same header as @coup/protocol's sign('s3cret', body, T * 1000).
    expected = "t=1795300000,v1=cadc3b2a022245eb419d9bfddd3bdbbc44248699f9733f649de104fea04ceeb9"
    assert sign("s3cret", BODY, now=T) == expected
    assert verify_signature("s3cret", BODY, expected, now=T + 10)


def test_refuses_missing_malformed_stale_and_forged_signatures() -> None:
    good = sign("s3cret", BODY, now=T)
    assert signature_error("s3cret", BODY, None, now=T) == "missing"
    assert signature_error("s3cret", BODY, "t=abc,v1=00", now=T) == "malformed"
    assert signature_error("s3cret", BODY, f"t={T},v1=xyz", now=T) == "malformed"
    assert signature_error("s3cret", BODY, good, now=T + 301) == "expired"
    assert signature_error("s3cret", BODY, good, now=T - 301) == "expired"
    assert signature_error("other", BODY, good, now=T) == "mismatch"
    assert signature_error("s3cret", BODY + b" ", good, now=T) == "mismatch"
    assert signature_error("s3cret", BODY, good, now=T + 300) is None
