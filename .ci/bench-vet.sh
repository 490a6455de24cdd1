#!/usr/bin/env bash
# Times sortie vet beside the standard cue tool given sortie's exported schema and beside a plain
# Go JSON Schema validator (compiler/internal/jsonvet, github.com/santhosh-tekuri/jsonschema/v6
# with `sortie schema --format jsonschema`: the schema-only floor), side by side on the same
# files, and prints the ratios (best of R runs, default 3; wall-clock and processor time,
# evaluator processes included):
#
#   1. a generated corpus of N scenarios (default 500) as JSON files and as CUE packages: sortie
#      cold (an empty result cache) and warm (the cache of a run before, nothing changed), `cue vet
#      -d '#Scenario' schema.cue FILE...` on the JSON files, `cue vet ./...` on the CUE packages
#      (each with the schema beside it and #Scenario embedded: cue vet applies -d to data files
#      only), and jsonvet on the JSON files. Issue 17's marks: cold JSON at most 2x jsonvet's
#      processor time, cold CUE at most 0.5x cue vet's, warm at most 5% of cold.
#   2. start-up (issue 29): `sortie --version` and a warm vet of one JSON file beside `cue version`
#      (processor time, best of 5R runs, each the mean of 20 in a row: a start-up is short, so one
#      busy moment would hide it, and time(1) counts hundredths of a second), and
#      every package init that takes 5 ms or more under GODEBUG=inittrace=1 (the least clock time of
#      5R runs, package by package). A report, not a timed test: issue 29's mark is sortie's start-up
#      processor time at most cue version's.
#   3. a size sweep: one scenario with a field of 20x20, 40x40, 80x80 and 160x160 blocks (400 to
#      25,600 blocks) as YAML (sortie, cue) and as JSON (jsonvet), with the growth of sortie's and
#      cue's processor time from the size before (4x the blocks): vet must stay linear.
#   4. runs (issue 29, items 4 and 5): processor time per run of `sortie simulate` of the bundled
#      campaign under the random policy (whole campaigns, about 190 sorties each; the mark is
#      0.5 ms a campaign) and battles per processor second of `sortie battle --runs` on the
#      bundled clash field battle (the mark is 20,000), start-up included.
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
go build -o "$tmp/jsonvet" ./compiler/internal/jsonvet
go run ./compiler/internal/corpus/gen -n "$n" -format json -o "$tmp/json"
go run ./compiler/internal/corpus/gen -n "$n" -format cue -o "$tmp/cue-corpus"
"$tmp/sortie" schema --format cue > "$tmp/schema.cue"
"$tmp/sortie" schema --format jsonschema > "$tmp/schema.json"
"$tmp/sortie" schema --format cue --package PKG > "$tmp/schema-pkg.cue"
# The CUE corpus for cue vet: a module whose every package holds the schema and embeds #Scenario.
cp -r "$tmp/cue-corpus" "$tmp/cue-mod"
mkdir -p "$tmp/cue-mod/cue.mod"
printf 'module: "example.com/corpus"\nlanguage: version: "v0.17.0"\n' > "$tmp/cue-mod/cue.mod/module.cue"
for d in "$tmp"/cue-mod/s*/; do
	p=$(basename "$d")
	sed "s/^package PKG/package $p/" "$tmp/schema-pkg.cue" > "$d/schema.cue"
	printf 'package %s\n\n#Scenario\n' "$p" > "$d/vet.cue"
done

# best "wall user+sys" of $runs runs of a command (exit status must be 0); with COLD set, the
# result cache is emptied before each run. With REPEAT=K each run is K runs of the command in a
# row, timed together and divided by K: time(1) counts in hundredths of a second, too coarse
# for a run of a few tens of milliseconds (a warm vet read 0.01 one day and 0.04 the next).
best() {
	local best_w="" best_c="" k=${REPEAT:-1}
	for _ in $(seq "$runs"); do
		if [ -n "${COLD:-}" ]; then rm -rf "$SORTIE_CACHE"; fi
		(cd "${RUNDIR:-.}" && /usr/bin/env time -f "%e %U %S" -o "$tmp/t" \
			sh -c 'k=$1; shift; for _ in $(seq "$k"); do "$@" > /dev/null || exit 1; done' sh "$k" "$@" > /dev/null)
		read -r w u s < "$tmp/t"
		w=$(echo "scale=4; $w / $k" | bc)
		c=$(echo "scale=4; ($u + $s) / $k" | bc)
		if [ -z "$best_w" ] || [ "$(echo "$w < $best_w" | bc)" = 1 ]; then best_w=$w; fi
		if [ -z "$best_c" ] || [ "$(echo "$c < $best_c" | bc)" = 1 ]; then best_c=$c; fi
	done
	echo "$best_w $best_c"
}
ratio() { if [ "$(echo "$2 == 0" | bc)" = 1 ]; then printf -- -; else printf "%.3f" "$(echo "$1 / $2" | bc -l)"; fi; }

export SORTIE_CACHE="$tmp/cache-json"
read -r jcw jcc < <(COLD=1 best "$tmp/sortie" vet "$tmp/json/...")
"$tmp/sortie" vet "$tmp/json/..." > /dev/null
read -r jww jwc < <(REPEAT=20 best "$tmp/sortie" vet "$tmp/json/...")
export SORTIE_CACHE="$tmp/cache-cue"
read -r ccw ccc < <(COLD=1 best "$tmp/sortie" vet "$tmp/cue-corpus/...")
"$tmp/sortie" vet "$tmp/cue-corpus/..." > /dev/null
read -r cww cwc < <(REPEAT=20 best "$tmp/sortie" vet "$tmp/cue-corpus/...")
read -r qjw qjc < <(best "$tmp/cue" vet -d '#Scenario' "$tmp/schema.cue" "$tmp"/json/*.json)
read -r qcw qcc < <(RUNDIR="$tmp/cue-mod" best "$tmp/cue" vet ./...)
read -r vw vc < <(best "$tmp/jsonvet" "$tmp/schema.json" "$tmp"/json/*.json)

printf '%-52s %8s %8s\n' "corpus of $n scenarios (best of $runs)" "wall s" "cpu s"
printf '%-52s %8s %8s\n' "sortie vet, JSON files, cold (empty cache)" "$jcw" "$jcc"
printf '%-52s %8s %8s\n' "sortie vet, JSON files, warm (cached; mean of 20)" "$jww" "$jwc"
printf '%-52s %8s %8s\n' "sortie vet, CUE packages, cold (empty cache)" "$ccw" "$ccc"
printf '%-52s %8s %8s\n' "sortie vet, CUE packages, warm (cached; mean of 20)" "$cww" "$cwc"
printf '%-52s %8s %8s\n' "cue vet -d '#Scenario' schema.cue, JSON files" "$qjw" "$qjc"
printf '%-52s %8s %8s\n' "cue vet ./..., CUE packages (schema in each)" "$qcw" "$qcc"
printf '%-52s %8s %8s\n' "jsonvet (JSON Schema, santhosh-tekuri/v6), JSON" "$vw" "$vc"
echo
printf '%-52s %8s %8s %s\n' "ratios" "wall" "cpu" "(issue 17: cpu at most)"
printf '%-52s %8s %8s %s\n' "sortie cold / jsonvet, JSON" "$(ratio "$jcw" "$vw")" "$(ratio "$jcc" "$vc")" "2"
printf '%-52s %8s %8s %s\n' "sortie cold / cue vet, JSON" "$(ratio "$jcw" "$qjw")" "$(ratio "$jcc" "$qjc")" ""
printf '%-52s %8s %8s %s\n' "sortie cold / cue vet, CUE" "$(ratio "$ccw" "$qcw")" "$(ratio "$ccc" "$qcc")" "0.5"
printf '%-52s %8s %8s %s\n' "sortie warm / cold, JSON" "$(ratio "$jww" "$jcw")" "$(ratio "$jwc" "$jcc")" "0.05"
printf '%-52s %8s %8s %s\n' "sortie warm / cold, CUE" "$(ratio "$cww" "$ccw")" "$(ratio "$cwc" "$ccc")" "0.05"

# Start-up: the same best-of over more runs, since each run is a few tens of milliseconds.
export SORTIE_CACHE="$tmp/cache-json"
jsons=("$tmp"/json/*.json) # not ls | head: under pipefail, ls cut off by head fails the script
one=${jsons[0]}
"$tmp/sortie" vet "$one" > /dev/null
read -r svw svc < <(REPEAT=20 runs=$((runs * 5)) best "$tmp/sortie" --version)
read -r sow soc < <(REPEAT=20 runs=$((runs * 5)) best "$tmp/sortie" vet "$one")
read -r cvw cvc < <(REPEAT=20 runs=$((runs * 5)) best "$tmp/cue" version)
echo
printf '%-52s %8s %8s %8s\n' "start-up (best of $((runs * 5)), each the mean of 20)" "wall s" "cpu s" "/cue cpu"
printf '%-52s %8s %8s %8s\n' "sortie --version" "$svw" "$svc" "$(ratio "$svc" "$cvc")"
printf '%-52s %8s %8s %8s\n' "sortie vet ONE.json, warm (cached, unchanged)" "$sow" "$soc" "$(ratio "$soc" "$cvc")"
printf '%-52s %8s %8s %8s\n' "cue version" "$cvw" "$cvc" "1.000"
# Package inits of 5 ms or more: each package's least clock time over the runs (GODEBUG=inittrace=1
# prints one line a package: "init PKG @T ms, C ms clock, ..."). Issue 29: none of sortie's own.
echo
echo "package inits of 5 ms or more (sortie --version, least clock of $((runs * 5)) runs)"
slow=$(for _ in $(seq $((runs * 5))); do
	GODEBUG=inittrace=1 "$tmp/sortie" --version 2>&1 > /dev/null | awk '$1 == "init" {print $2, $5}'
done | awk '{ if (!($1 in m) || $2 + 0 < m[$1]) m[$1] = $2 + 0 }
	END { for (k in m) if (m[k] >= 5) printf "  %-50s %6.1f ms\n", k, m[k] }' | sort -k2 -rn)
echo "${slow:-  none}"

# The size sweep (no cache: every size is vetted afresh). The tools alternate size by size, so
# that a change in the machine's load falls on all of them.
export SORTIE_CACHE=off
echo
printf '%-8s %8s %8s %8s %8s %8s %8s %8s %9s %9s\n' "field" "blocks" "sortie s" "cue s" "jsonvet" "sortie" "sortie" "sortie" "growth" "cue"
printf '%-8s %8s %8s %8s %8s %8s %8s %8s %9s %9s\n' "" "" "(wall)" "(wall)" "s (wall)" "cpu s" "/cue cpu" "/jv cpu" "sortie cpu" "growth"
prev_s="" prev_c=""
for size in 20 40 80 160; do
	go run ./compiler/internal/corpus/gen -field "$size" -o "$tmp/field$size.yaml"
	go run ./compiler/internal/corpus/gen -field "$size" -o "$tmp/field$size.json"
	read -r fsw fsc < <(best "$tmp/sortie" vet "$tmp/field$size.yaml")
	read -r fcw fcc < <(best "$tmp/cue" vet -d '#Scenario' "$tmp/schema.cue" "$tmp/field$size.yaml")
	read -r fvw fvc < <(best "$tmp/jsonvet" "$tmp/schema.json" "$tmp/field$size.json")
	gs="-" gc="-"
	if [ -n "$prev_s" ]; then
		gs=$(printf '%.2fx' "$(echo "$fsc / $prev_s" | bc -l)")
		gc=$(printf '%.2fx' "$(echo "$fcc / $prev_c" | bc -l)")
	fi
	printf '%-8s %8d %8s %8s %8s %8s %7.2fx %7.2fx %9s %9s\n' "${size}x${size}" $((size * size)) "$fsw" "$fcw" "$fvw" "$fsc" \
		"$(echo "$fsc / $fcc" | bc -l)" "$(echo "$fsc / $fvc" | bc -l)" "$gs" "$gc"
	prev_s=$fsc prev_c=$fcc
done

# Runs: whole processes; a run of 1 is subtracted (start-up and compiling the campaign or the
# battle), so that what is left is the runs' own cost.
camp_runs=$((n * 10))
read -r _ sim1 < <(best "$tmp/sortie" simulate scenarios/karzoral/campaign.cue --runs 1 --policy random)
read -r _ simc < <(best "$tmp/sortie" simulate scenarios/karzoral/campaign.cue --runs "$camp_runs" --policy random)
read -r _ bat1 < <(best "$tmp/sortie" battle scenarios/clash/field --runs 1)
read -r _ batc < <(best "$tmp/sortie" battle scenarios/clash/field --runs "$camp_runs")
echo
printf '%-52s %8s %8s %14s %s\n' "runs (best of $runs; cpu s of N runs, and of 1)" "N" "1" "per run" "(issue 29 mark)"
printf '%-52s %8s %8s %11.0f us %s\n' "simulate campaign.cue --policy random, N=$camp_runs" "$simc" "$sim1" \
	"$(echo "($simc - $sim1) * 1000000 / ($camp_runs - 1)" | bc -l)" "500 us"
printf '%-52s %8s %8s %7.0f /cpu-s %s\n' "battle scenarios/clash/field --runs N=$camp_runs" "$batc" "$bat1" \
	"$(echo "($camp_runs - 1) / ($batc - $bat1)" | bc -l)" "20,000 /cpu-s"
