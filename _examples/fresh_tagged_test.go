//go:build go_json || sonic || jsoniter

package examples

func init() { codecTagged = true }
