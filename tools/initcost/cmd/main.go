// Command initcost prints the reference graph figures of the Go package in
// each directory named on its command line (see package initcost).
//
//	go run ./tools/initcost/cmd path/to/generated/package
package main

import (
	"fmt"
	"os"

	"github.com/99designs/gqlgen/tools/initcost"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: initcost dir...")
		os.Exit(2)
	}
	for _, dir := range os.Args[1:] {
		files, err := initcost.ParseDir(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "initcost:", err)
			os.Exit(1)
		}
		r := initcost.Measure(files, 2e9)
		capped := ""
		if r.WorkCapped {
			capped = " (budget ran out)"
		}
		fmt.Printf("%s: %d funcs, %d vars, %d edges, largest set of mutually reaching functions %d %v, work %d%s\n",
			dir, r.Funcs, r.Vars, r.Edges, r.LargestSCC, r.Sample, r.Work, capped)
	}
}
