package codec_test

import (
	"fmt"

	"github.com/99designs/gqlgen/codec"
)

// Installing a codec of one's own, in main, before the server starts. Any
// type with the Codec methods will do; codectest.Run checks it. Here the
// counting codec of this package's tests stands in for it.
func ExampleUse() {
	codec.Use(&countingCodec{}) // in main(), before http.ListenAndServe
	defer codec.Use(nil)        // a program would not need this; the example restores the default

	out, _ := codec.Marshal(map[string]int{"b": 2, "a": 1})
	fmt.Println(codec.Name())
	fmt.Println(string(out))
	// Output:
	// counting encoding/json
	// {"a":1,"b":2}
}
