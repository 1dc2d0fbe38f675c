package graph

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"

	"example/graph/model"

	"github.com/99designs/gqlgen/graphql"
)

// Resolver serves the test subgraph. StockCalls and CrateCalls count the
// calls of the batch finders.
type Resolver struct {
	StockCalls, CrateCalls atomic.Int32
}

func (r *Resolver) Box() BoxResolver       { return boxResolver{} }
func (r *Resolver) Entity() EntityResolver { return entityResolver{r} }
func (r *Resolver) Query() QueryResolver   { return queryResolver{} }

type queryResolver struct{}

func (queryResolver) Hello(context.Context) (*string, error) { return nil, nil }

type boxResolver struct{}

// Volume reads side from the representation, where numbers are json.Number.
func (boxResolver) Volume(_ context.Context, _ *model.Box, reps map[string]any) (int, error) {
	side, ok := reps["side"].(json.Number)
	if !ok {
		return 0, fmt.Errorf("side is %T", reps["side"])
	}
	n, err := side.Int64()
	return int(n * n * n), err
}

type entityResolver struct{ r *Resolver }

func (entityResolver) FindAccountByID(_ context.Context, id string) (*model.Account, error) {
	return &model.Account{ID: id, Email: id + "@example.com", Via: "id"}, nil
}

func (entityResolver) FindAccountByEmail(_ context.Context, email string) (*model.Account, error) {
	return &model.Account{ID: "by-email", Email: email, Via: "email"}, nil
}

func (entityResolver) FindBoxByID(_ context.Context, id string) (*model.Box, error) {
	return &model.Box{ID: id}, nil
}

func (e entityResolver) FindManyCrateByIDs(_ context.Context, reps []*model.CrateByIDsInput) ([]*model.Crate, error) {
	e.r.CrateCalls.Add(1)
	out := make([]*model.Crate, len(reps))
	for i, rep := range reps {
		if rep.Weight == nil {
			return nil, fmt.Errorf("crate %s: weight not preloaded", rep.ID)
		}
		out[i] = &model.Crate{ID: rep.ID, Label: fmt.Sprintf("%s:%dkg", rep.ID, *rep.Weight)}
	}
	return out, nil
}

func (entityResolver) FindParcelByIDAndCarrierCode(_ context.Context, id, carrierCode string) (*model.Parcel, error) {
	return &model.Parcel{ID: id, Carrier: &model.Carrier{Code: carrierCode}}, nil
}

func (entityResolver) FindPlanByID(_ context.Context, id string) (*model.Plan, error) {
	return &model.Plan{ID: id}, nil
}

func (entityResolver) FindProductByUpc(_ context.Context, upc string) (*model.Product, error) {
	if upc == "missing" {
		return nil, errors.New("no such product")
	}
	return &model.Product{Upc: upc, Name: "product " + upc}, nil
}

func (entityResolver) FindReviewByID(_ context.Context, id string) (*model.Review, error) {
	return &model.Review{ID: id, Summary: "review " + id}, nil
}

// FindManyStockBySkus fails the items whose sku is "bad", one error per
// item, and the whole batch when a sku is "boom".
func (e entityResolver) FindManyStockBySkus(_ context.Context, reps []*model.StockBySkusInput) ([]*model.Stock, error) {
	e.r.StockCalls.Add(1)
	out := make([]*model.Stock, len(reps))
	errs := make(graphql.BatchErrorList, len(reps))
	failed := false
	for i, rep := range reps {
		switch rep.Sku {
		case "boom":
			return nil, errors.New("stock service down")
		case "bad":
			errs[i], failed = fmt.Errorf("unknown sku %q", rep.Sku), true
		default:
			out[i] = &model.Stock{Sku: rep.Sku, Count: len(rep.Sku)}
		}
	}
	if failed {
		return out, errs
	}
	return out, nil
}
