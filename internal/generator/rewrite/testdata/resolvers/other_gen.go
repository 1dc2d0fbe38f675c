//go:build ignore

package main

func (r *Resolver) Ignored() int { return 1 }
