// Command fresh fails when generated code committed to this repository is
// not what the generator produces now. Run it from the _examples module:
//
//	go run ./cmd/fresh                         # every example of this module
//	go run ./cmd/fresh internal/demo integration/server \
//	    _examples/benchmark/todo _examples/benchmark/realistic
//
// Directories are relative to the repository root (-root, default ..); each
// is regenerated with `go generate ./...` in a scratch copy of the repository
// and compared file by file with the committed one.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/99designs/gqlgen/_examples/internal/freshness"
)

func main() {
	root := flag.String("root", "..", "the repository root the directories are relative to")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	dirs := flag.Args()
	if len(dirs) == 0 {
		var err error
		if dirs, err = freshness.Discover(*root, "_examples"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	if err := freshness.Check(ctx, *root, dirs...); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("fresh: %d directories regenerate to the committed files\n", len(dirs))
}
