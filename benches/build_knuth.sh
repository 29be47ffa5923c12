#!/bin/sh
# Builds Knuth's exact cover programs dlx1, dlx2, dlx3, dlx6, ssxcc and
# ssmcc for benches/compare.py and benches/knuth_differential.py, from CWEB
# sources that YOU supply: this project never ships, vendors or commits them
# (they are public, e.g. in Knuth's programs page or the GitHub repository
# ascherer/cwebtest).
#
#     benches/build_knuth.sh SRC_DIR [OUT_DIR]
#
# SRC_DIR holds dlx1.w, dlx2.w, dlx3.w, dlx6.w, ssxcc.w, ssmcc.w and
# gb_flip.w (the random-number module that ssxcc and ssmcc include); a
# program whose source is missing is skipped. OUT_DIR (default
# SRC_DIR/bin) receives the binaries; point compare.py at it with
# `--knuth-dir OUT_DIR` or `EXACTCOVER_KNUTH_DIR=OUT_DIR`.
# Needs ctangle (Debian: texlive-binaries) and a C compiler; builds with
# gcc -O3, as Knuth's timings are usually quoted.
set -eu
src=$(cd "${1:?usage: build_knuth.sh SRC_DIR [OUT_DIR]}" && pwd)
out=${2:-$src/bin}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc=${CC:-gcc}
command -v ctangle >/dev/null || { echo "ctangle not found (apt-get install texlive-binaries)" >&2; exit 1; }
cd "$work"
# gb_flip.w includes the GraphBase's legal boilerplate, which is not needed
# to build it; an empty one stands in if it is not in SRC_DIR.
cp "$src/gb_flip.w" .
[ -f "$src/boilerplate.w" ] && cp "$src/boilerplate.w" . || : >boilerplate.w
tangle() {
    # ctangle's exit status is nonzero on mere warnings: check its output.
    ctangle "$1.w" >/dev/null 2>&1 || :
    [ -f "$1.c" ] || { echo "ctangle failed on $1.w" >&2; exit 1; }
}
tangle gb_flip
$cc -O3 -c gb_flip.c
for prog in dlx1 dlx2 dlx3 dlx6 ssxcc ssmcc; do
    if [ ! -f "$src/$prog.w" ]; then
        echo "skipping $prog: $src/$prog.w not found" >&2
        continue
    fi
    cp "$src/$prog.w" .
    tangle "$prog"
    # Knuth's programs predate some of gcc's newer defaults.
    $cc -O3 -w -std=gnu99 -o "$out/$prog" "$prog.c" gb_flip.o
    echo "built $out/$prog"
done
