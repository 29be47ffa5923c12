#!/usr/bin/env bash
# Release packaging, checked end to end (run by tests/test_packaging.py; also
# usable alone: `bash ci/check_packaging.sh`):
#   1. the sdist builds (maturin sdist) and carries LICENSE, the crate README
#      and the test suite (tests/, and what the tests read), for packagers;
#   2. in a fresh venv, the README's wheel command (WHEEL_COMMAND below: the
#      Releasing section shows it, a test checks they agree) makes a wheel
#      from the unpacked sdist alone: abi3, manylinux2014 (glibc 2.17+:
#      maturin --zig, with the ziglang package as the linker);
#   3. auditwheel says the wheel is manylinux_2_17 and needs no library
#      outside it;
#   4. the wheel installs in that venv; `exactcover --version`, a count, the
#      distribution's name and version and its license are checked, and some
#      of the sdist's own tests run against the installed wheel;
#   5. `cargo package -p exactcover` packages the crate and verifies it (builds
#      it from the packaged files alone).
# To keep CI quick, steps 2 and 5 share a target directory under target/ and
# the wheel is built without LTO (CARGO_PROFILE_RELEASE_*): the check is about
# what goes into the packages, not about speed; the README's command, run as
# it stands, and .github/workflows/release.yml keep the fat-LTO profile of
# Cargo.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Pinned: a new maturin or zig may build differently.
MATURIN=maturin==1.16.0
ZIGLANG=ziglang==0.15.1
AUDITWHEEL=auditwheel==6.8.2
# The one command that makes an uploadable wheel (README, "Releasing").
WHEEL_COMMAND="pip install $MATURIN $ZIGLANG && maturin build --release --zig --compatibility manylinux2014 --out dist"
# The distribution's name on PyPI (pyproject.toml); its files are named with
# an underscore.
DIST=exactcover-dlx
FILES=${DIST//-/_}

export CARGO_TARGET_DIR="$root/target/packaging"
export CARGO_PROFILE_RELEASE_LTO=off
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
export CARGO_INCREMENTAL=0
export PIP_DISABLE_PIP_VERSION_CHECK=1

python3 -m venv "$work/venv"
# shellcheck disable=SC1091
. "$work/venv/bin/activate"
python -m pip install --quiet "$MATURIN" "$ZIGLANG" "$AUDITWHEEL"

echo "== 1. sdist"
maturin sdist --out "$work/dist" 2>&1 | tail -n 1
sdist=$(ls "$work"/dist/"$FILES"-*.tar.gz)
listing=$(tar tzf "$sdist")
for needed in LICENSE README.md rust/exactcover/LICENSE rust/exactcover/README.md Cargo.lock \
    tests/conftest.py tests/test_counts.py tests/test_packaging.py mkdocs.yml docs/index.md \
    ci/check_packaging.sh .github/workflows/release.yml; do
    grep -qx "$FILES-[^/]*/$needed" <<<"$listing" || { echo "sdist lacks $needed"; exit 1; }
done
if grep -q "__pycache__\|\.pyc$" <<<"$listing"; then
    echo "sdist carries compiled Python files"
    exit 1
fi

echo "== 2. the README's wheel command, in the unpacked sdist"
echo "\$ $WHEEL_COMMAND"
tar xzf "$sdist" -C "$work"
src=$(ls -d "$work/$FILES"-*/)
(cd "$src" && bash -c "$WHEEL_COMMAND" 2>&1 | tail -n 2)
wheel=$(ls "$src"/dist/"$FILES"-*.whl)
basename "$wheel"
case "$(basename "$wheel")" in
    *-cp39-abi3-*manylinux_2_17_"$(uname -m)"*.whl) ;;
    *) echo "not an abi3 manylinux2014 wheel: $wheel"; exit 1 ;;
esac

echo "== 3. auditwheel"
report=$(auditwheel show "$wheel")
echo "$report"
grep -q "manylinux_2_17_$(uname -m)" <<<"$report" || { echo "auditwheel: not manylinux_2_17"; exit 1; }

echo "== 4. install and run"
python -m pip install --quiet "$wheel" pytest hypothesis
exactcover --version
DIST=$DIST python - <<'PY'
import importlib.metadata as md
import os

import exactcover
from exactcover import queens

dist = os.environ["DIST"]
assert queens(8).count() == 92
assert exactcover.__version__ == md.version(dist)
assert md.metadata(dist)["Name"] == dist
files = [str(f) for f in md.files(dist)]
assert any(f.endswith(".dist-info/licenses/LICENSE") for f in files), files
print("installed", dist, exactcover.__version__, "from the wheel: ok")
PY
# The sdist's tests, against the installed wheel (not the sources beside them).
(cd "$src" && python -m pytest -q -p no:cacheprovider tests/test_counts.py tests/test_dlx.py 2>&1 | tail -n 1)
deactivate

echo "== 5. cargo package -p exactcover (verified)"
cargo package -p exactcover --allow-dirty --quiet
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
crate="$CARGO_TARGET_DIR/package/exactcover-$version.crate"
contents=$(tar tzf "$crate")
grep -q "^exactcover-$version/LICENSE$" <<<"$contents" || { echo "the crate lacks LICENSE"; exit 1; }
grep -q "^exactcover-$version/README.md$" <<<"$contents" || { echo "the crate lacks README.md"; exit 1; }
echo "packaging: ok"
