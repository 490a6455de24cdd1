package clash

import "github.com/sortie-rpg/sortie/compiler/plan"

// lowerLight lowers the battlefield's light and heavily obscured areas (U-50, U-80): "bright" (or
// nothing) is "", the others as written; the obscured rectangles become their squares, y*w+x
// ascending, each once. Rectangles off the grid were reported (U001) and are skipped here.
func lowerLight(b *clashBattle, w, h int) (string, []int) {
	light := ""
	switch b.Light.V {
	case "dim":
		light = plan.LightDim
	case "dark":
		light = plan.LightDark
	}
	if len(b.Obscured) == 0 {
		return light, nil
	}
	mask := make([]bool, w*h)
	for _, r := range b.Obscured {
		x0, y0, x1, y1, ok := r.bounds()
		if !ok || x0 < 0 || y0 < 0 || x1 >= w || y1 >= h {
			continue
		}
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				mask[y*w+x] = true
			}
		}
	}
	var out []int
	for q, on := range mask {
		if on {
			out = append(out, q)
		}
	}
	return light, out
}
