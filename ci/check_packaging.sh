#!/usr/bin/env bash
# Release packaging, checked end to end (run by tests/test_packaging.py; also
# usable alone: `bash ci/check_packaging.sh`):
#   1. the sdist builds (maturin sdist) and carries LICENSE and the crate README;
#   2. a fresh venv builds a wheel from the sdist alone, for manylinux2014
#      (glibc 2.17+: maturin --zig, with the ziglang package as the linker);
#   3. auditwheel says the wheel is manylinux_2_17 and needs no library
#      outside it;
#   4. the wheel installs in that venv; `exactcover --version`, a count and the
#      license in the wheel's metadata are checked;
#   5. `cargo package -p exactcover` packages the crate and verifies it (builds
#      it from the packaged files alone).
# To keep CI quick, steps 2 and 5 share a target directory under target/ and
# the wheel is built without LTO (CARGO_PROFILE_RELEASE_*): the check is about
# what goes into the packages, not about speed; release wheels keep the fat-LTO
# profile of Cargo.toml (.github/workflows/release.yml).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Pinned: a new maturin or zig may build differently.
MATURIN=maturin==1.16.0
ZIGLANG=ziglang==0.15.1
AUDITWHEEL=auditwheel==6.8.2

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
sdist=$(ls "$work"/dist/exactcover-*.tar.gz)
listing=$(tar tzf "$sdist")
for needed in LICENSE README.md rust/exactcover/LICENSE rust/exactcover/README.md Cargo.lock; do
    grep -qx "exactcover-[^/]*/$needed" <<<"$listing" || { echo "sdist lacks $needed"; exit 1; }
done

echo "== 2. a manylinux2014 wheel from the sdist alone"
machine=$(uname -m)
MATURIN_PEP517_ARGS="--zig --compatibility manylinux2014" \
    python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir "$work/wheels" "$sdist"
wheel=$(ls "$work"/wheels/exactcover-*.whl)
echo "$(basename "$wheel")"
case "$(basename "$wheel")" in
    *-cp39-abi3-*manylinux_2_17_"$machine"*.whl) ;;
    *) echo "not an abi3 manylinux2014 wheel: $wheel"; exit 1 ;;
esac

echo "== 3. auditwheel"
report=$(auditwheel show "$wheel")
echo "$report"
grep -q "manylinux_2_17_$machine" <<<"$report" || { echo "auditwheel: not manylinux_2_17"; exit 1; }

echo "== 4. install and run"
python -m pip install --quiet "$wheel"
exactcover --version
python - <<'PY'
import importlib.metadata as md

import exactcover
from exactcover import queens

assert queens(8).count() == 92
assert exactcover.__version__ == md.version("exactcover")
files = [str(f) for f in md.files("exactcover")]
assert any(f.endswith(".dist-info/licenses/LICENSE") for f in files), files
print("installed", exactcover.__version__, "from the wheel: ok")
PY
deactivate

echo "== 5. cargo package -p exactcover (verified)"
cargo package -p exactcover --allow-dirty --quiet
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
crate="$CARGO_TARGET_DIR/package/exactcover-$version.crate"
contents=$(tar tzf "$crate")
grep -q "^exactcover-$version/LICENSE$" <<<"$contents" || { echo "the crate lacks LICENSE"; exit 1; }
grep -q "^exactcover-$version/README.md$" <<<"$contents" || { echo "the crate lacks README.md"; exit 1; }
echo "packaging: ok"
