#!/usr/bin/env bash
# Vets a generated corpus of N scenarios (default 500) with sortie vet and with the standard cue
# tool given sortie's exported schema (cue vet -d '#Scenario' schema.cue *.json), side by side,
# and prints the wall-clock and CPU ratios sortie/cue (best of R runs, default 3). Both read the
# same JSON files; sortie also vets the same corpus written as CUE packages.
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
