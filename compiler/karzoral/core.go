package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The core's names as this package's code reads them: the model's values (Str, Int), the nodes
// of the author's value and the decoder that reads them (compiler.Node, compiler.Decoder).

type (
	// Str is a string value of the author's and where it is written.
	Str = compiler.Str
	// Int is an integer value of the author's and where it is written.
	Int = compiler.Int
	// node is a value of the author's with the schema's defaults.
	node = compiler.Node
)

// decoder reads the model (model.go) from the author's value, with the schema's defaults: the
// core's Decoder, with the reads of the model's own shapes as methods of this package.
type decoder struct{ *compiler.Decoder }

// pos is where n's value is written.
func (dc *decoder) pos(n node) diag.Pos { return dc.Pos(n) }

// label is where n's label is written.
func (dc *decoder) label(n node) diag.Pos { return dc.Label(n) }

// str reads a string node.
func (dc *decoder) str(n node) Str { return dc.Str(n) }

// int reads an integer node (a value outside int32 is not OK).
func (dc *decoder) int(n node) Int { return dc.Int(n) }

// bool reads a boolean node: false when absent or not a boolean.
func (dc *decoder) bool(n node) bool { return dc.Bool(n) }

// sourced is what the lowering needs of the unit: the hash of its files and their names, for the
// plan's SourceHash and Sources (compiler.Unit).
type sourced interface {
	SourceHash() (hash string, sources []string)
}

// Declared is one declaration of an entity in the author's files (compiler.Declared).
type Declared = compiler.Declared

// pathOf renders a path for messages the way CUE prints one (compiler.PathOf).
func pathOf(parts ...any) string { return compiler.PathOf(parts...) }

// validID reports whether s is a valid #ID (compiler.ValidID).
func validID(s string) bool { return compiler.ValidID(s) }

// suggest is the candidate nearest to s, or "" (diag.Suggest).
func suggest(s string, candidates []string) string { return diag.Suggest(s, candidates) }

// didYouMean is a hint `did you mean "x"?`, or "" (diag.DidYouMean).
func didYouMean(s string, candidates []string) string { return diag.DidYouMean(s, candidates) }

// suppressHint tells how to silence code where it is written in file (compiler.SuppressHint).
func suppressHint(file, code string) string { return compiler.SuppressHint(file, code) }
