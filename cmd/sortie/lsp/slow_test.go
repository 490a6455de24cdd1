package lsp

import (
	"fmt"
	"strings"
	"time"
)

// bigScenario writes a valid Karzoral scenario on an n×n square field (n*n blocks), an army
// marching along the top row: a file that takes CUE a while to evaluate.
func bigScenario(n int) string {
	var b strings.Builder
	b.WriteString("package big\n\nkind: \"scenario\"\nid: \"big\"\ntitle: \"Big\"\nrules: \"karzoral\"\nversion: 1\ndays: limit: 10\n")
	b.WriteString("party: {start: \"b0_0\", members: 4, rations: 40}\nfield: blocks: {\n")
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			fmt.Fprintf(&b, "\tb%d_%d: {at: [%d, %d], terrain: \"plain\"}\n", x, y, x, y)
		}
	}
	b.WriteString("}\narmies: foes: {side: \"enemy\", strength: 10, route: [")
	for x := 0; x < n; x++ {
		if x > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"b%d_0\"", x)
	}
	b.WriteString("], encounter: \"e\"}\nencounters: e: monsters: [{name: \"Foe\", level: 1}]\nevents: {}\n")
	b.WriteString("objectives: win: {when: enter: \"b1_0\", outcome: \"success\"}\n")
	b.WriteString("episodes: [{say: \"1\"}, {say: \"2\"}, {say: \"3\"}, {say: \"4\"}, {say: \"5\"}, {say: \"6\"}]\n")
	return b.String()
}

// slowN is the side of the slow field: 120×120 blocks take CUE over a second here.
const slowN = 120

// slowWait bounds the wait for the slow file's diagnostics: about 2 s on an idle machine, 16 s
// was seen with six agents' builds on two cores.
const slowWait = 90 * time.Second
