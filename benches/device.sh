#!/usr/bin/env bash
# Issue 25's figures on a lent machine of 16 cores, in one call of a few
# minutes. That machine has Python 3.12 and no network: this project's wheel
# and Dask's travel with the call, in .whl/ (ignored by git).
#
#   bash benches/device.sh prepare           # here: build and fetch .whl/
#   bash benches/device.sh measure           # there, carrying .whl
#   bash benches/device.sh measure --dry     # here: the same steps, tiny
#
# `measure` writes its reports and logs under $OUT (else /tmp/device-out):
# R.md and R.json (`scaling.py --targets`, about 3 minutes on 16 cores),
# stop_policy.log (queens 16 on 16 workers, how stragglers are stopped,
# about 2 minutes) and joining.log (a count begun on 1 worker of 16, about
# a minute). On 2 cores `--dry` takes about 2 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Dask packages that machine lacks (the rest of Dask's needs are there),
# at the versions installed here.
CARRIED="dask distributed partd locket tblib zict tornado svgwrite"

prepare() {
    rm -rf .whl
    mkdir -p .whl
    maturin build --release --quiet --out .whl
    local pins=()
    for name in $CARRIED; do
        pins+=("$name==$(python3 -m pip show "$name" | sed -n 's/^Version: //p')")
    done
    python3 -m pip download --quiet --no-deps --only-binary=:all: \
        --python-version 3.12 --implementation cp \
        --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
        --platform manylinux2014_x86_64 --platform any -d .whl "${pins[@]}"
    ls .whl
    du -sh .whl
}

measure() {
    local dry=${1:-}
    local out=${OUT:-/tmp/device-out}
    mkdir -p "$out"
    if [ -z "$dry" ]; then
        python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir \
            --upgrade --target /tmp/site .whl/*.whl
        export PYTHONPATH=/tmp/site
    fi
    export PYTHONUNBUFFERED=1
    nproc
    python3 -c 'import exactcover, distributed; print(exactcover.__file__, distributed.__version__)'
    if [ -z "$dry" ]; then
        python3 benches/scaling.py --targets "$out/R.md" 2>&1 | tee "$out/scaling.log"
        python3 benches/stop_policy.py --instance queens-16 --workers 16 --repeat 5 \
            --never-row 2>&1 | tee "$out/stop_policy.log"
        python3 benches/joining.py --instance queens-16 --start 1 --workers 16 --after 0.5 \
            --repeat 3 2>&1 | tee "$out/joining.log"
    else
        python3 benches/scaling.py --targets "$out/R.md" --cores 2 --only queens-14 \
            2>&1 | tee "$out/scaling.log"
        python3 benches/stop_policy.py --instance queens-13 --workers 2 --repeat 1 \
            2>&1 | tee "$out/stop_policy.log"
        python3 benches/joining.py --instance queens-13 --start 1 --workers 2 --after 0.2 \
            --repeat 1 2>&1 | tee "$out/joining.log"
    fi
}

case "${1:-}" in
    prepare) prepare ;;
    measure) measure "${2:-}" ;;
    *)
        echo "usage: bash benches/device.sh prepare | measure [--dry]" >&2
        exit 2
        ;;
esac
