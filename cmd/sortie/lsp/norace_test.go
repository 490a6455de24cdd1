//go:build !race

package lsp

const raceOn = false
