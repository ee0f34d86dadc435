"""The in-tree build backend: the wheel pip installs and the sdist, built with the standard library."""

import base64
import hashlib
import sys
import tarfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_backend"))

import coup_build  # noqa: E402


def test_builds_a_pure_python_wheel_with_metadata_and_the_command(tmp_path: Path) -> None:
    name = coup_build.build_wheel(str(tmp_path))
    assert name == "coup_arena_agent-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(tmp_path / name) as whl:
        names = whl.namelist()
        assert "coup_agent/server.py" in names
        assert "coup_agent/py.typed" in names
        assert not [n for n in names if "__pycache__" in n or n.startswith("tests/")]
        info = "coup_arena_agent-0.1.0.dist-info"
        metadata = whl.read(f"{info}/METADATA").decode()
        assert "Name: coup-arena-agent" in metadata
        assert "Requires-Python: >=3.11" in metadata
        assert "Requires-Dist" not in metadata  # standard library only
        assert "coup-python-agent = coup_agent.__main__:main" in whl.read(f"{info}/entry_points.txt").decode()
        for line in whl.read(f"{info}/RECORD").decode().splitlines():
            path, digest, size = line.split(",")
            if path.endswith("RECORD"):
                continue
            data = whl.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(data)), path


def test_builds_an_sdist_that_holds_the_sources_tests_and_backend(tmp_path: Path) -> None:
    name = coup_build.build_sdist(str(tmp_path))
    with tarfile.open(tmp_path / name) as sdist:
        names = sdist.getnames()
    base = "coup_arena_agent-0.1.0"
    for member in ("PKG-INFO", "pyproject.toml", "README.md", "src/coup_agent/__init__.py", "tests/conftest.py"):
        assert f"{base}/{member}" in names
    assert f"{base}/build_backend/coup_build.py" in names
