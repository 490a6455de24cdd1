package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Untitled documents (an editor's new buffer, never saved: untitled:Untitled-1) are vetted from
// their text alone. Each is given a name of its own, untitled.yaml (or .json, .cue, by its
// language or its URI's extension) in a folder of its own inside a private temporary folder of
// the server (safeio.MkdirTemp, mode 0700, removed at exit): the compiler reads its text from the
// overlay, and the folder holds nothing else, so a CUE buffer is a package alone and no file on
// disk is ever read or written for it. Its findings are published under the URI it came by.

// untitledName returns the file name an untitled document is vetted under: created on its
// first open, kept until it is closed. ok is false for a URI that is neither file: nor
// untitled:, or a language sortie does not read. s.mu is held.
func (s *Server) untitledNameLocked(uri, language string) (string, bool) {
	if p, ok := s.untitled[uri]; ok {
		return p, true
	}
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "untitled" {
		return "", false
	}
	ext := strings.ToLower(language)
	switch ext {
	case "yaml", "json", "cue":
	default:
		ext = strings.TrimPrefix(strings.ToLower(filepath.Ext(u.Opaque+u.Path)), ".")
		if ext == "yml" {
			ext = "yaml"
		}
		if ext != "yaml" && ext != "json" && ext != "cue" {
			return "", false
		}
	}
	if s.untitledDir == "" {
		dir, err := safeio.MkdirTemp("sortie-untitled-*")
		if err != nil {
			s.log.Printf("untitled documents: %v", err)
			return "", false
		}
		s.untitledDir = dir
	}
	s.untitledSeq++
	p := filepath.Join(s.untitledDir, fmt.Sprint(s.untitledSeq), "untitled."+ext)
	s.untitled[uri] = p
	return p, true
}

// pathOf returns the file name of a document's URI: the file of a file: URI, the name given to
// an open untitled document. It takes s.mu.
func (s *Server) pathOf(uri string) (string, bool) {
	if p, ok := uriPath(uri); ok {
		return p, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.untitled[uri]
	return p, ok
}

// forgetUntitled drops an untitled document's name (on close). It takes s.mu.
func (s *Server) forgetUntitled(uri string) {
	s.mu.Lock()
	delete(s.untitled, uri)
	s.mu.Unlock()
}

// removeUntitled removes the private folder (at the end of Serve); nothing was written in it.
func (s *Server) removeUntitled() {
	s.mu.Lock()
	dir := s.untitledDir
	s.untitledDir = ""
	s.mu.Unlock()
	if dir != "" {
		safeio.RemoveTemp(dir)
	}
}

// formatName is the name a document is formatted under (its kind decides the formatter).
func (d *document) formatName() string { return d.path }
