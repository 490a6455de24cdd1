package compiler

import "fmt"

// An overlay (Options.Overlay) lets an editor vet what it shows rather than what is saved: the
// language server passes its open buffers, by absolute file name. Only the contents are replaced:
// which files make up a scenario is still decided by the files on disk, and an overlaid file is
// bounded like one read from disk (L004 above MaxFileSize, L005 too deep).

// read returns the contents of one of u's files: the overlay's when it has the file, else the
// file on disk (readBounded). refused is a message when the contents exceed MaxFileSize.
func (u unit) read(abs string) (data []byte, refused string, err error) {
	if data, ok := u.overlay[abs]; ok {
		if len(data) > MaxFileSize {
			return nil, fmt.Sprintf("file larger than %d bytes (4 MiB): refused", MaxFileSize), nil
		}
		return data, "", nil
	}
	return readBounded(abs, u.dir)
}

// overlayOf returns the overlay's entries for u's files only (what an evaluator needs of it).
func (u unit) overlayOf() map[string][]byte {
	var out map[string][]byte
	for _, f := range u.files {
		if data, ok := u.overlay[f]; ok {
			if out == nil {
				out = map[string][]byte{}
			}
			out[f] = data
		}
	}
	return out
}
