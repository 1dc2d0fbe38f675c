package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/99designs/gqlgen/graphql"
)

// FuzzDecodeJSON holds decodeJSON, whatever the codec, to what upstream's
// decoder accepted, decoded and said.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{
		`{"query":"{ a }","operationName":"A","variables":{"n":1,"l":[1.5,"x",null,{"b":true}]},"extensions":{"persistedQuery":{"version":1}}}`,
		`{"query":"q"} trailing`, `{"query":`, ``, `null`, `[]`, `{"query":1}`, "{\"query\":\"\xff\"}", `{"variables":{"a":1e999}}`,
		`{"Query":"case","QUERY":"last"}`, `{"query":"\ud800"}`,
		` { "query" : "query Q($a: Int) {\n  a(x: $a) { b }\n}\t\"\\\/\b\f\r\u00e9\u20ac" , "operationName" : null } `,
		`{"query":"\ud83d\ude00 é \u0000"}`, `{"variables":{"a":1},"variables":{"b":2}}`, `{"query":"a","query":"b"}`,
		`{"extensions":null,"variables":null,"query":null}`, `{}`, `{"variables":{"s":"}\"]"},"query":"x"}`,
		`{"variables":[1]}`, `{"operationName":"\x"}`, `{"query":"\u12"}`, "{\"query\":\"a\tb\"}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got, want graphql.RawParams
		err := decodeJSON(data, &got)
		wantErr := streamDecode(data, &want)
		switch {
		case (err == nil) != (wantErr == nil):
			t.Fatalf("error %v, upstream %v", err, wantErr)
		case err != nil && err.Error() != wantErr.Error():
			t.Fatalf("error %q, upstream %q", err, wantErr)
		case err == nil && !reflect.DeepEqual(got, want):
			t.Fatalf("decoded %#v, upstream %#v", got, want)
		}
	})
}

// upstreamType is a message type that, as upstream's did, refuses unknown
// names while decoding.
type upstreamType string

func (u *upstreamType) UnmarshalText(b []byte) error {
	if _, ok := graphqlTransportWS.incoming[string(b)]; !ok {
		return errors.New("invalid message type")
	}
	*u = upstreamType(b)
	return nil
}

// FuzzWebsocketMessage holds graphql-transport-ws message decoding to
// upstream's classification: invalid, wrong direction, or a message.
func FuzzWebsocketMessage(f *testing.F) {
	for _, seed := range []string{
		`{"type":"subscribe","id":"1","payload":{"query":"{ a }"}}`, `{"type":"ping","payload":null}`,
		`{"type":"next"}`, `{"type":""}`, `{"type":null}`, `{}`, `null`, `[]`, `{"type":"ping","id":5}`,
		`{"type":"pong"} trailing`, ``, `{"TYPE":"ping"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, frame []byte) {
		msg, err := graphqlTransportWS.decode(frame)

		var up struct {
			Payload json.RawMessage `json:"payload,omitempty"`
			ID      string          `json:"id,omitempty"`
			Type    upstreamType    `json:"type"`
		}
		upErr := streamDecode(frame, &up)
		switch {
		case upErr != nil:
			if err != errInvalidMsg {
				t.Fatalf("got %v, upstream refused the message: %v", err, upErr)
			}
		case up.Type == "" || graphqlTransportWS.incoming[string(up.Type)] == kindServerOnly:
			var wrong wrongDirection
			if !errors.As(err, &wrong) || string(wrong) != string(up.Type) {
				t.Fatalf("got %v, want wrong direction %q", err, up.Type)
			}
		case err != nil:
			t.Fatalf("got %v, upstream accepted %+v", err, up)
		case msg.kind != graphqlTransportWS.incoming[string(up.Type)] || msg.id != up.ID || !bytes.Equal(msg.payload, up.Payload):
			t.Fatalf("got %+v, upstream %+v", msg, up)
		}
	})
}
