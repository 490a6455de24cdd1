package graph

import (
	"bytes"
	"image/png"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

var (
	fontsOnce     sync.Once
	regular, bold *truetype.Font
	facesMu       sync.Mutex
	faces         = map[faceKey]font.Face{}
)

type faceKey struct {
	bold bool
	size float64
}

// face returns the Go font face of a size: the fonts are compiled in, so a PNG never depends on
// the fonts a machine has.
func face(isBold bool, size float64) font.Face {
	fontsOnce.Do(func() {
		regular, _ = truetype.Parse(goregular.TTF)
		bold, _ = truetype.Parse(gobold.TTF)
	})
	facesMu.Lock()
	defer facesMu.Unlock()
	k := faceKey{isBold, size}
	if f, ok := faces[k]; ok {
		return f
	}
	f := regular
	if isBold {
		f = bold
	}
	fc := truetype.NewFace(f, &truetype.Options{Size: size * 72 / 96, DPI: 96, Hinting: font.HintingFull})
	faces[k] = fc
	return fc
}

// PNG rasterises the scene at scale (1: one pixel per scene pixel; 2 for a sharper picture). A
// picture over MaxPixels is a *TooLargeError, refused before any memory is taken for it.
func PNG(s *Scene, scale float64) ([]byte, error) {
	w, h, err := pngSize(s, scale)
	if err != nil {
		return nil, err
	}
	dc := gg.NewContext(w, h)
	dc.SetHexColor("#ffffff")
	dc.Clear()
	dc.Scale(scale, scale)
	for _, it := range s.Items {
		switch it.Shape {
		case Poly:
			for i, p := range it.Pts {
				if i == 0 {
					dc.MoveTo(p.X, p.Y)
				} else {
					dc.LineTo(p.X, p.Y)
				}
			}
			dc.ClosePath()
			paint(dc, it)
		case Line:
			if len(it.Pts) == 0 {
				continue
			}
			dc.MoveTo(it.Pts[0].X, it.Pts[0].Y)
			if it.Curve {
				for i := 1; i+2 < len(it.Pts); i += 3 {
					dc.CubicTo(it.Pts[i].X, it.Pts[i].Y, it.Pts[i+1].X, it.Pts[i+1].Y, it.Pts[i+2].X, it.Pts[i+2].Y)
				}
			} else {
				for _, p := range it.Pts[1:] {
					dc.LineTo(p.X, p.Y)
				}
			}
			it.Fill = ""
			paint(dc, it)
		case Circle:
			dc.DrawCircle(it.Pts[0].X, it.Pts[0].Y, it.R)
			paint(dc, it)
		case Text:
			dc.SetFontFace(face(it.Bold, it.Size))
			c := it.Fill
			if c == "" {
				c = "#000000"
			}
			dc.SetHexColor(c)
			ax := 0.0
			switch it.Anchor {
			case "middle":
				ax = 0.5
			case "end":
				ax = 1
			}
			dc.DrawStringAnchored(it.Text, it.Pts[0].X, it.Pts[0].Y, ax, 0)
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, dc.Image()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// paint fills and strokes the current path as the item says.
func paint(dc *gg.Context, it Item) {
	if it.Fill != "" {
		dc.SetHexColor(it.Fill)
		if it.Stroke != "" {
			dc.FillPreserve()
		} else {
			dc.Fill()
		}
	}
	if it.Stroke != "" {
		dc.SetHexColor(it.Stroke)
		dc.SetLineWidth(it.Width)
		if it.Dash {
			dc.SetDash(3*it.Width+2, 2*it.Width+2)
		} else {
			dc.SetDash()
		}
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		dc.Stroke()
	}
	dc.ClearPath()
}
