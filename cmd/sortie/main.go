// Command sortie vets, compiles and runs tabletop-RPG campaign scenarios written in CUE (YAML and
// JSON too). Run `sortie help` for the commands.
package main

import "os"

func main() { os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
