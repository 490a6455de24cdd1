#!/usr/bin/env bash
# Times sortie vet beside the standard cue tool given sortie's exported schema
# (cue vet -d '#Scenario' schema.cue FILE), side by side on the same files, and prints the
# ratios sortie/cue (best of R runs, default 3; wall-clock and processor time, evaluator
# processes included):
#
#   1. a generated corpus of N scenarios (default 500) as JSON files (and, for sortie, as CUE
#      packages);
#   2. a size sweep: one YAML scenario with a field of 20x20, 40x40, 80x80 and 160x160 blocks
#      (400 to 25,600 blocks), with the growth of each from the size before (4x the blocks).
#      vet must stay linear: at 160x160 sortie/cue at most 1.0, and growth at most about
#      2.2x per doubling of blocks (4.84x per step of the sweep).
#
#   .ci/bench-vet.sh [N] [R]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-500}
runs=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/sortie" ./cmd/sortie
go build -o "$tmp/cue" cuelang.org/go/cmd/cue # the go.mod tool dependency, same version
go run ./compiler/internal/corpus/gen -n "$n" -format json -o "$tmp/json"
go run ./compiler/internal/corpus/gen -n "$n" -format cue -o "$tmp/cue-corpus"
"$tmp/sortie" schema --format cue > "$tmp/schema.cue"

# best "wall user+sys" of $runs runs of a command (exit status must be 0)
best() {
	local best_w="" best_c=""
	for _ in $(seq "$runs"); do
		/usr/bin/env time -f "%e %U %S" -o "$tmp/t" "$@" > /dev/null
		read -r w u s < "$tmp/t"
		c=$(echo "$u + $s" | bc)
		if [ -z "$best_w" ] || [ "$(echo "$w < $best_w" | bc)" = 1 ]; then best_w=$w; fi
		if [ -z "$best_c" ] || [ "$(echo "$c < $best_c" | bc)" = 1 ]; then best_c=$c; fi
	done
	echo "$best_w $best_c"
}

read -r sw sc < <(best "$tmp/sortie" vet "$tmp/json/...")
read -r cw cc < <(best "$tmp/cue" vet -d '#Scenario' "$tmp/schema.cue" "$tmp"/json/*.json)
read -r scw scc < <(best "$tmp/sortie" vet "$tmp/cue-corpus/...")

printf '%-44s %8s %8s\n' "corpus of $n scenarios (best of $runs)" "wall s" "cpu s"
printf '%-44s %8s %8s\n' "sortie vet (JSON files)" "$sw" "$sc"
printf '%-44s %8s %8s\n' "sortie vet (CUE packages)" "$scw" "$scc"
printf '%-44s %8s %8s\n' "cue vet -d '#Scenario' schema.cue (JSON)" "$cw" "$cc"
printf 'ratio sortie/cue on the same JSON files: wall %.2fx, cpu %.2fx\n' \
	"$(echo "$sw / $cw" | bc -l)" "$(echo "$sc / $cc" | bc -l)"

# The size sweep. The two tools alternate size by size, so that a change in the machine's load
# falls on both.
echo
printf '%-8s %8s %8s %8s %8s %8s %8s %9s %9s\n' "field" "blocks" "sortie s" "cue s" "wall" "cpu" "sortie" "growth" "cue"
printf '%-8s %8s %8s %8s %8s %8s %8s %9s %9s\n' "" "" "(wall)" "(wall)" "ratio" "ratio" "cpu s" "sortie" "growth"
prev_s="" prev_c=""
for size in 20 40 80 160; do
	go run ./compiler/internal/corpus/gen -field "$size" -o "$tmp/field$size.yaml"
	read -r fsw fsc < <(best "$tmp/sortie" vet "$tmp/field$size.yaml")
	read -r fcw fcc < <(best "$tmp/cue" vet -d '#Scenario' "$tmp/schema.cue" "$tmp/field$size.yaml")
	gs="-" gc="-"
	if [ -n "$prev_s" ]; then
		gs=$(printf '%.2fx' "$(echo "$fsw / $prev_s" | bc -l)")
		gc=$(printf '%.2fx' "$(echo "$fcw / $prev_c" | bc -l)")
	fi
	printf '%-8s %8d %8s %8s %7.2fx %7.2fx %8s %9s %9s\n' "${size}x${size}" $((size * size)) "$fsw" "$fcw" \
		"$(echo "$fsw / $fcw" | bc -l)" "$(echo "$fsc / $fcc" | bc -l)" "$fsc" "$gs" "$gc"
	prev_s=$fsw prev_c=$fcw
done
