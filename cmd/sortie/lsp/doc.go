// Package lsp is sortie's language server: `sortie lsp` speaks the Language Server Protocol
// (3.16) over a byte stream (stdin and stdout) to any editor, and shows sortie's own findings
// and knowledge of a scenario where the author writes it.
//
//   - Diagnostics: on open and on change of a scenario, battle or campaign file (CUE, YAML, JSON),
//     the findings of `sortie vet` (compiler.Analyze: the same checks, nothing repeated here),
//     with code, severity, range and a link to the code's explain page; the .cue files of one
//     folder are one package and are vetted together, unsaved buffers included. Each evaluation
//     runs in the compiler's evaluator processes under Options.Budget (L011, L012 as in vet).
//   - Hover: a diagnostic code's explain page; an id's kind, facts and declaration (a block's
//     coordinates, terrain and exits, an army's route with days; a clash unit, solo, creature or
//     spell, the battle's own or the SRD library's); a field's schema type and doc.
//   - Definition, references and rename for every id, from the compiler's index (compiler.Symbols).
//   - Completion: field names from the embedded schema (those already given, above or below
//     the cursor, left out), enum values, ids where a reference is expected
//     (compiler.ExpectedKind), tactic, boon, creature and spell names, and for a route the steps
//     adjacent to the previous one. Hover on a field answers from the schema before the first
//     analysis.
//   - Code actions (edit.go): a quick fix for each finding that says what to write
//     (compiler/fix, the fixes of `sortie vet --fix`); formatting through compiler/format
//     (`sortie fmt`).
//   - Document symbols, an outline by kind, and workspace symbols (outline.go), from the index.
//   - Untitled documents are vetted from their text (untitled.go); a big YAML or JSON buffer's
//     findings come first from the compiler's fast path (fastpath.go).
//
// Concurrency: the connection reads and answers one message at a time, in order, and no handler
// waits on vetting: a change records the text and (after a short quiet time, Options.Debounce)
// starts an evaluation of its unit in the background, at most one per unit and GOMAXPROCS in
// all. An evaluation that a later change makes stale is cancelled (compiler.AnalyzeContext
// kills its evaluator process) and the unit evaluated again;
// hover, definition and completion answer from the last result at once, so a slow file never
// blocks the editor.
//
// Bad input: the message reader (stream.go) bounds headers and bodies, answers malformed
// messages with JSON-RPC errors (id null) and goes on reading; a panic in a handler is answered
// as an internal error; a document that is not a scenario gets no diagnostics; a huge one gets
// the compiler's L004.
package lsp
