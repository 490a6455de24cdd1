package replay

import (
	"fmt"
	"html"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// svgText is a stranger's string made safe inside SVG text or an attribute: one line, control
// characters escaped (esc.Text), then <, >, &, ' and " as entities.
func svgText(s string) string { return html.EscapeString(esc.Short(s)) }

// svgOpen starts a map's <svg> of w × h px; id is the map's index.
func svgOpen(b *strings.Builder, id int, w, h float64, class string) {
	fmt.Fprintf(b, `<svg id="map-%d" class="map %s" viewBox="-8 -8 %.0f %.0f" width="%.0f" height="%.0f" role="img" style="display:none">`,
		id, class, w+16, h+16, w+16, h+16)
}

// svgClose ends the map: the layer the viewer draws the marks into, then </svg>.
func svgClose(b *strings.Builder) { b.WriteString(`<g class="marks"></g></svg>`) }
