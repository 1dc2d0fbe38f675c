// Command cmd (run as `make fresh`, or `go run ./tools/genfresh/cmd` from
// the repository root) fails when generated code committed to this
// repository is not what the generator produces now:
//
//	go run ./tools/genfresh/cmd                    # every directory genfresh.Discover finds
//	go run ./tools/genfresh/cmd tools/demo _examples/benchmark/todo
//
// Directories are relative to the repository root (-root, default .); each
// is regenerated in a scratch copy of the repository and compared file by
// file with the committed one.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/99designs/gqlgen/tools/genfresh"
)

func main() {
	root := flag.String("root", ".", "the repository root the directories are relative to")
	timeout := flag.Duration("timeout", 15*time.Minute, "give up after this long")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	dirs := flag.Args()
	if len(dirs) == 0 {
		var err error
		if dirs, err = genfresh.Discover(*root); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	start := time.Now()
	if err := genfresh.Check(ctx, *root, dirs...); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("fresh: %d directories regenerate to the committed files in %s: %s\n",
		len(dirs), time.Since(start).Round(time.Second), strings.Join(dirs, " "))
}
