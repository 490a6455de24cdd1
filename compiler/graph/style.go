package graph

import "strings"

// Colours and sizes shared by the pictures.
const (
	ink      = "#202020"
	faint    = "#707070"
	wallInk  = "#202020"
	boxInk   = "#7a3e9d"
	eventInk = "#c05a00"
	goalInk  = "#1b7f3a"
	meetInk  = "#d01010"
	darkInk  = "#3b3b55"
)

// friendlyColours and enemyColours tell the armies apart: friendly armies in blues and greens,
// enemy armies in reds and browns.
var (
	friendlyColours = []string{"#1f5fbf", "#138a72", "#5b4fc4", "#2f8fd8"}
	enemyColours    = []string{"#c8201e", "#b0601a", "#a2296e", "#7c3b12"}
)

func armyColour(friendly bool, i int) string {
	if friendly {
		return friendlyColours[i%len(friendlyColours)]
	}
	return enemyColours[i%len(enemyColours)]
}

// terrainFills maps words of a terrain description to a fill, first match wins; the words come
// from the bundled scenarios and the usual fantasy terrains.
var terrainFills = []struct{ word, fill string }{
	{"gate", "#c9c3b8"}, {"shrine", "#d6cde0"}, {"temple", "#d6cde0"}, {"stair", "#cfc7bd"}, {"cave", "#b9b2a8"}, {"fort", "#c9c3b8"}, {"tower", "#c9c3b8"}, {"ruin", "#d8cfc0"}, {"village", "#e6d8b8"},
	{"town", "#e6d8b8"}, {"camp", "#e9dcc0"}, {"post", "#e6d8b8"},
	{"marsh", "#b9d3c2"}, {"bog", "#a9c4b4"}, {"swamp", "#a9c4b4"}, {"reed", "#c2dbb4"},
	{"river", "#a9d1ee"}, {"ford", "#a9d1ee"}, {"lake", "#94c4ea"}, {"water", "#a9d1ee"},
	{"mountain", "#c2b29f"}, {"pass", "#c9b8a3"}, {"cliff", "#b7a996"}, {"scree", "#cfc3b3"}, {"ledge", "#bfb19f"},
	{"hill", "#d9e3a8"}, {"slope", "#c8d8a0"},
	{"wood", "#a5cf96"}, {"forest", "#9cc88c"}, {"pine", "#9cc88c"},
	{"grass", "#d4ebb0"}, {"plain", "#e0efbf"}, {"field", "#e0efbf"},
	{"road", "#eadfca"}, {"causeway", "#ddd2bf"},
}

// fillFor returns the fill of a block or hex from its kind and terrain.
func fillFor(kind, terrain string) string {
	switch kind {
	case "base":
		return "#f3cf6a"
	case "trail":
		return "#efe6d2"
	}
	t := strings.ToLower(terrain)
	for _, tf := range terrainFills {
		if strings.Contains(t, tf.word) {
			return tf.fill
		}
	}
	return "#ececec"
}
