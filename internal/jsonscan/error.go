package jsonscan

import "strconv"

// SyntaxError is a syntax error worded as encoding/json words it (without
// GOEXPERIMENT=jsonv2). Offset counts the bytes read up to and including
// the one at fault, or the whole input when it ends too soon.
type SyntaxError struct {
	Msg    string
	Offset int64
}

// Error returns the message alone, as encoding/json's SyntaxError does.
func (e *SyntaxError) Error() string { return e.Msg }

// reason says what the scanner was reading when it met a byte it could not
// take. The zero value means no failure.
type reason uint8

const (
	_ reason = iota
	beginValue
	beginKey
	afterKey
	afterMember
	afterElement
	afterTop
	inString
	inEscape
	inUnicode
	inNumber
	afterDot
	inExponent
	inLiteral
	tooDeep
)

var reasonText = [...]string{
	beginValue:   "looking for beginning of value",
	beginKey:     "looking for beginning of object key string",
	afterKey:     "after object key",
	afterMember:  "after object key:value pair",
	afterElement: "after array element",
	afterTop:     "after top-level value",
	inString:     "in string literal",
	inEscape:     "in string escape code",
	inUnicode:    "in \\u hexadecimal character escape",
	inNumber:     "in numeric literal",
	afterDot:     "after decimal point in numeric literal",
	inExponent:   "in exponent of numeric literal",
	tooDeep:      "exceeded max depth",
}

// insideToken reports whether the reason is met inside a token, where the
// end of the input counts as a space that the token cannot take (so that
// "1." fails with "invalid character ' ' after decimal point"); elsewhere
// it is "unexpected end of JSON input".
func (r reason) insideToken() bool {
	switch r {
	case inEscape, inUnicode, inNumber, afterDot, inExponent, inLiteral:
		return true
	}
	return false
}

// failure is where and why a scan stopped; word and want name the literal
// being read and the byte it needed.
type failure struct {
	at   int
	why  reason
	word string
	want byte
}

// syntaxError words f for an input of n bytes, src[f.at] being the bad
// byte when f.at < n.
func (f failure) syntaxError(src []byte) *SyntaxError {
	c, offset := byte(' '), len(src)
	if f.at < len(src) {
		c, offset = src[f.at], f.at+1
	} else if !f.why.insideToken() {
		return &SyntaxError{Msg: "unexpected end of JSON input", Offset: int64(len(src))}
	}
	context := reasonText[f.why]
	if f.why == inLiteral {
		context = "in literal " + f.word + " (expecting " + quoteByte(f.want) + ")"
	}
	return &SyntaxError{Msg: "invalid character " + quoteByte(c) + " " + context, Offset: int64(offset)}
}

// quoteByte writes c as encoding/json's messages show a byte: in single
// quotes, Go-escaped, a byte of 0x80 and above shown as the Latin-1
// character of that number.
func quoteByte(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	q := strconv.Quote(string(rune(c)))
	return "'" + q[1:len(q)-1] + "'"
}
