package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/urfave/cli/v2"
)

// budgetFlags are the flags of the evaluation budget (compiler.Budget), for every command that
// reads scenarios from files.
func budgetFlags() []cli.Flag {
	return []cli.Flag{
		&cli.DurationFlag{Name: "max-cpu", Value: compiler.DefaultCPU,
			Usage: "processor time one scenario's evaluation may take, at most 24h (L011 beyond)"},
		&cli.StringFlag{Name: "max-memory", Value: compiler.FormatBytes(compiler.DefaultMemory),
			Usage: "memory one scenario's evaluator process may hold (its Go memory; resident, 32 MiB more), e.g. 512MiB or 2GiB (L012 beyond)"},
	}
}

// budgetOf reads the budget flags; a bad value is a usage error.
func budgetOf(c *cli.Context) (compiler.Budget, error) {
	b := compiler.Budget{CPU: c.Duration("max-cpu")}
	if b.CPU <= 0 {
		return b, failf(exitUsage, "--max-cpu %v: want a positive duration such as 10s", b.CPU)
	}
	if b.CPU > compiler.MaxCPU {
		return b, failf(exitUsage, "--max-cpu %v: at most %v", b.CPU, compiler.MaxCPU)
	}
	n, err := parseSize(c.String("max-memory"))
	if err != nil {
		return b, failf(exitUsage, "--max-memory: %v", err)
	}
	b.Memory = n
	if err := b.Check(); err != nil {
		return b, failf(exitUsage, "--max-memory: %v", err)
	}
	return b, nil
}

// parseSize reads a size in bytes: a number with an optional unit, KiB/MiB/GiB (or K/M/G, powers
// of 1024) or KB/MB/GB (powers of 1000), e.g. "512MiB", "1 GiB", "2G", "800MB", "1048576".
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToUpper(strings.TrimSpace(t[i:]))
	f, err := strconv.ParseFloat(num, 64)
	if num == "" || err != nil || f <= 0 {
		return 0, fmt.Errorf("%q is not a size (want e.g. 512MiB or 2GiB)", s)
	}
	mult := map[string]float64{"": 1, "B": 1,
		"K": 1 << 10, "KIB": 1 << 10, "M": 1 << 20, "MIB": 1 << 20, "G": 1 << 30, "GIB": 1 << 30,
		"KB": 1e3, "MB": 1e6, "GB": 1e9}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("%q: unknown unit %q (use KiB, MiB, GiB, KB, MB or GB)", s, t[i:])
	}
	if f*mult > 1<<50 {
		return 0, fmt.Errorf("%q is out of range", s)
	}
	return int64(f * mult), nil
}
