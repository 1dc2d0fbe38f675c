package executor

import (
	"slices"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// validationRule is one named rule of gqlparser's validator.
type validationRule = validator.Rule

// Two default rules come in a variant that suggests similar names in its
// messages and one that does not; SetDisableSuggestion picks between them.
var suggestionVariants = [...]struct{ suggesting, silent validationRule }{
	{rules.FieldsOnCorrectTypeRule, rules.FieldsOnCorrectTypeRuleWithoutSuggestions},
	{rules.ScalarLeafsRule, rules.ScalarLeafsRuleWithoutSuggestions},
}

// prepareRules builds the rule list validation runs once per configuration
// change, rather than once per query. With a rules function there is
// nothing to prepare: its result may differ between calls.
func (e *Executor) prepareRules() {
	e.rules = nil
	if e.rulesFn == nil {
		e.rules = newRuleSet(ruleList(e.withSuggestionSetting(rules.NewDefaultRules())))
	}
}

// withSuggestionSetting swaps the suggestion variants in set for the ones
// the executor's setting asks for. It changes set itself: a rules function
// that hands out one shared set gets it back in the current setting.
func (e *Executor) withSuggestionSetting(set *rules.Rules) *rules.Rules {
	for _, v := range suggestionVariants {
		use, drop := v.suggesting, v.silent
		if e.silent {
			use, drop = drop, use
		}
		set.RemoveRule(drop.Name)
		set.AddRule(use.Name, use.RuleFunc)
	}
	return set
}

// ruleList flattens set in name order, the order gqlparser validates in, so
// that errors come out in the same order.
func ruleList(set *rules.Rules) []validationRule {
	inner := set.GetInner()
	list := make([]validationRule, 0, len(inner))
	for name, fn := range inner {
		list = append(list, validationRule{Name: name, RuleFunc: fn})
	}
	slices.SortFunc(list, func(a, b validationRule) int { return strings.Compare(a.Name, b.Name) })
	return list
}

// ruleSet is a prepared rule list, with a pool of validation runs for it.
type ruleSet struct {
	rules []validationRule
	runs  sync.Pool // of *ruleRun
}

func newRuleSet(list []validationRule) *ruleSet {
	set := &ruleSet{rules: list}
	set.runs.New = func() any { return newRuleRun(list) }
	return set
}

// ruleRun collects the errors of one validation. It holds one error
// callback per rule, bound to the run and naming the rule, so that a pooled
// run saves building them for every query.
type ruleRun struct {
	errs    gqlerror.List
	report  []validator.AddErrFunc
	ruleFor []validationRule
}

func newRuleRun(list []validationRule) *ruleRun {
	run := &ruleRun{ruleFor: list, report: make([]validator.AddErrFunc, len(list))}
	for i := range list {
		name := list[i].Name
		run.report[i] = func(opts ...validator.ErrorOption) {
			found := &gqlerror.Error{Rule: name}
			for _, apply := range opts {
				apply(found)
			}
			run.errs = append(run.errs, found)
		}
	}
	return run
}

// walk validates doc: every rule registers its observers on a fresh event
// set, then one walk over the document drives them all. The event set is
// dropped afterwards, so no observer can report into a later run.
func (run *ruleRun) walk(schema *ast.Schema, doc *ast.QueryDocument) gqlerror.List {
	events := new(validator.Events)
	for i, rule := range run.ruleFor {
		rule.RuleFunc(events, run.report[i])
	}
	validator.Walk(schema, doc, events)
	errs := run.errs
	run.errs = nil
	return errs
}

// validate checks doc against the schema with the prepared rules, or those
// of the rules function.
func (e *Executor) validate(doc *ast.QueryDocument) gqlerror.List {
	schema := e.es.Schema()
	if schema == nil {
		return gqlerror.List{gqlerror.Errorf("cannot validate as Schema is nil")}
	}
	if e.rulesFn != nil {
		return newRuleRun(ruleList(e.withSuggestionSetting(e.rulesFn()))).walk(schema, doc)
	}
	// A run whose walk panics is not returned to the pool.
	run := e.rules.runs.Get().(*ruleRun)
	errs := run.walk(schema, doc)
	e.rules.runs.Put(run)
	return errs
}
