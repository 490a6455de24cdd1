// Package safeio is sortie's one gate for the files of strangers (issue 28, the trust boundary;
// docs: ARCHITECTURE.md, "The trust boundary"). Every command opens its input files through it:
//
//   - regular files only: a named pipe, a device, a socket or a directory where a file is wanted
//     is refused (code L017) after a stat, before it is opened, so that no read can block or
//     never end;
//   - bounded: the size is checked before reading and the read goes through a LimitReader, so
//     that a sparse 8 GB file, or one that grows while it is read, is never read whole (L004);
//   - confined: a Root is a folder (a scenario's folder, or its cue.mod module root); a name read
//     through it is resolved, symbolic links included, and refused (L018) when it leads outside.
//
// Errors are *Error values carrying a stable code, the path as the user named it and a short
// message that never quotes the content of the file. Writing is write.go's job (the same gate,
// the other way).
package safeio
