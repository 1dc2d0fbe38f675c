package jsonscan

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// containerEndByBytes is ContainerEnd written the plain way, one byte at a
// time through a switch: the reference the table-driven one must match.
func containerEndByBytes(b []byte, i int) (end, depth int, ok bool) {
	open := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '{', '[':
			open++
			depth = max(depth, open)
		case '}', ']':
			open--
			if open == 0 {
				return i + 1, depth, true
			}
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		}
	}
	return 0, 0, false
}

var containerCases = []string{
	`{}`, `[]`, `{"a":1}`, `[1,[2,[3]],{"b":[{}]}]`, `{"k":"}]\"{["}`, `{"k":"\\"}`, `{"k":"\\\""}`,
	`{"a":[1,2]} trailing`, `{"unclosed":[1,2}`, `{"s":"no end`, `{"s":"ends in backslash\`, `[`, `{`,
	`{"x":"\\\\"}]`, `[{"a":"b\"}"},"]"]`, `{"é":"日本\u2028"}`, "[\"\x00\",1]",
}

func FuzzContainerEnd(f *testing.F) {
	for _, c := range containerCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || b[0] != '{' && b[0] != '[' {
			b = append([]byte{'['}, b...)
		}
		e, d, ok := ContainerEnd(b, 0)
		we, wd, wok := containerEndByBytes(b, 0)
		if e != we || d != wd || ok != wok {
			t.Fatalf("ContainerEnd(%q) = %d, %d, %v; byte by byte: %d, %d, %v", b, e, d, ok, we, wd, wok)
		}
	})
}

// TestContainerEndRandom compares ContainerEnd with the byte-by-byte
// reference on random strings of the characters that matter to it.
func TestContainerEndRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = `{}[]"\\a:, é`
	for range 20000 {
		var sb strings.Builder
		sb.WriteByte("{["[rng.IntN(2)])
		for n := rng.IntN(40); n > 0; n-- {
			sb.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		b := []byte(sb.String())
		e, d, ok := ContainerEnd(b, 0)
		we, wd, wok := containerEndByBytes(b, 0)
		if e != we || d != wd || ok != wok {
			t.Fatalf("ContainerEnd(%q) = %d, %d, %v; byte by byte: %d, %d, %v", b, e, d, ok, we, wd, wok)
		}
	}
}

func BenchmarkContainerEnd(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"records":[`)
	for i := range 1000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`{"id":"R1","name":"record \u00e9\"x\"","attrs":{"sku":"SKU-1","price":1.25,"qty":12,"desc":"a \"quoted\" word, a \\ backslash","tags":["red","green",3,true,null],"dims":{"w":1,"h":2.5,"history":[{"at":"2024-01-01","v":1}]},"empty":{},"none":[]}}`)
	}
	sb.WriteString(`]}`)
	doc := []byte(sb.String())
	for _, impl := range []struct {
		name string
		f    func([]byte, int) (int, int, bool)
	}{{"tables", ContainerEnd}, {"bytewise", containerEndByBytes}} {
		b.Run(impl.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if end, _, ok := impl.f(doc, 0); !ok || end != len(doc) {
					b.Fatal(end, ok)
				}
			}
		})
	}
}
