package graph

func (r *Resolver) FromTest() int { return 1 }
