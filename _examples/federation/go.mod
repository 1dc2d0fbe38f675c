module github.com/99designs/gqlgen/_examples/federation

go 1.26.0

replace github.com/99designs/gqlgen => ../..

require github.com/99designs/gqlgen v0.17.98
