package graph

import (
	"bytes"
	"context"
	"fmt"

	"github.com/goccy/go-graphviz"
)

// layoutDot lays a dot graph out with Graphviz (engine "dot" or "neato", run in-process by
// go-graphviz) and returns its "plain" output: the tests' check that the dot sortie writes is
// valid Graphviz. Only the tests use go-graphviz; the sortie binary has no Graphviz in it.
func layoutDot(dot []byte, engine string) (string, error) {
	ctx := context.Background()
	g, err := graphviz.New(ctx)
	if err != nil {
		return "", fmt.Errorf("graphviz: %v", err)
	}
	defer g.Close()
	gr, err := graphviz.ParseBytes(dot)
	if err != nil {
		return "", fmt.Errorf("graphviz: %v", err)
	}
	defer gr.Close()
	g.SetLayout(graphviz.Layout(engine))
	var buf bytes.Buffer
	if err := g.Render(ctx, gr, graphviz.Format("plain"), &buf); err != nil {
		return "", fmt.Errorf("graphviz: %v", err)
	}
	return buf.String(), nil
}
