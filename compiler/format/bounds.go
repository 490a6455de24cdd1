package format

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/nesting"
)

// The compiler's bounds on hostile input, applied before a recursive parser or formatter sees a
// file: sortie fmt refuses exactly the files vet refuses, with the same codes, by the compiler's
// own scan (compiler.TooDeep).
const (
	// MaxSize is the largest file Source formats, in bytes (compiler.MaxFileSize, 4 MiB); larger
	// is L004.
	MaxSize = compiler.MaxFileSize
	// MaxDepth bounds nesting (compiler.MaxDepth: brackets, braces and in CUE chains of labels on
	// one line); deeper is L005.
	MaxDepth = compiler.MaxDepth

	CodeTooBig  = "L004" // registered by package compiler
	CodeTooDeep = "L005" // registered by package compiler
)

// bounded returns L004, L005 or L001 (a UTF-16 file: compiler.UTF16) when src, a file of kind "cue" or "yaml" (Kind), is over a bound,
// nil otherwise.
func bounded(filename, kind string, src []byte) diag.List {
	if len(src) > MaxSize {
		return diag.List{diag.Errorf(diag.Pos{File: filename}, CodeTooBig, "file larger than %d bytes (4 MiB): refused", MaxSize)}
	}
	if d, ok := compiler.UTF16(filename, src); ok {
		return diag.List{d}
	}
	if line, col, msg := nesting.Find(kind, src); msg != "" {
		return diag.List{diag.Errorf(diag.Pos{File: filename, Line: line, Column: col}, CodeTooDeep, "%s: refused", msg)}
	}
	return nil
}
