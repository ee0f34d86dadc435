"""The kit's build backend (PEP 517): builds its wheel and sdist with the standard library alone.

Why not setuptools: a fresh virtual environment has at most setuptools without `wheel`, and no network to
download either, so `pip install .` could not build the kit. With this in-tree backend (pyproject.toml:
`backend-path`), `pip install .` needs nothing but pip, offline, on any Python the kit supports.
It reads the [project] table of pyproject.toml (name, version, description, readme, requires-python,
scripts) and packs src/<package> as a pure-Python wheel (py3-none-any).
"""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"__pycache__", ".pytest_cache", "build", "dist"}


def _project() -> Dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _dist_name(project: Dict[str, Any]) -> str:
    return project["name"].replace("-", "_").replace(".", "_")


def _files(top: Path) -> List[Path]:
    out = []
    for path in sorted(top.rglob("*")):
        if path.is_file() and not SKIP.intersection(path.relative_to(ROOT).parts) and path.suffix != ".pyc":
            out.append(path)
    return out


def _metadata(project: Dict[str, Any]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3')}",
    ]
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    readme = project.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        body = "\n" + (ROOT / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n" + body


def _entry_points(project: Dict[str, Any]) -> str:
    scripts = project.get("scripts", {})
    if not scripts:
        return ""
    return "[console_scripts]\n" + "".join(f"{name} = {target}\n" for name, target in scripts.items())


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(wheel_directory: str, contents: List[Tuple[str, bytes]]) -> str:
    project = _project()
    name = _dist_name(project)
    dist_info = f"{name}-{project['version']}.dist-info"
    wheel = "Wheel-Version: 1.0\nGenerator: coup_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    contents = contents + [
        (f"{dist_info}/METADATA", _metadata(project).encode()),
        (f"{dist_info}/WHEEL", wheel.encode()),
    ]
    entry_points = _entry_points(project)
    if entry_points:
        contents.append((f"{dist_info}/entry_points.txt", entry_points.encode()))
    record = [_record_line(n, d) for n, d in contents] + [f"{dist_info}/RECORD,,"]
    contents.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    filename = f"{name}-{project['version']}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / filename, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in contents:
            info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, zipfile.ZIP_DEFLATED)
    return filename


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    return []


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    src = ROOT / "src"
    return _write_wheel(wheel_directory, [(p.relative_to(src).as_posix(), p.read_bytes()) for p in _files(src)])


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    """`pip install -e .`: a .pth file puts src/ on sys.path, so edits apply without reinstalling."""
    name = _dist_name(_project())
    return _write_wheel(wheel_directory, [(f"__editable__.{name}.pth", f"{ROOT / 'src'}\n".encode())])


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    project = _project()
    base = f"{_dist_name(project)}-{project['version']}"
    members = [ROOT / "pyproject.toml", ROOT / project.get("readme", "README.md")]
    for top in ("src", "tests", "build_backend"):
        members += _files(ROOT / top)
    filename = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / filename, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        pkg_info = _metadata(project).encode()
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size, info.mtime, info.mode = len(pkg_info), int(time.time()), 0o644
        tar.addfile(info, io.BytesIO(pkg_info))
        for path in members:
            tar.add(path, arcname=f"{base}/{path.relative_to(ROOT).as_posix()}", recursive=False)
    return filename


__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
]
