package executor

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/internal/validation"
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
// that errors come out in the same order. gqlparser's field-merging rule is
// swapped for validation.OverlappingFields, which reports the same errors
// without its quadratic cost; a rule of the user's own under that name is
// kept.
func ruleList(set *rules.Rules) []validationRule {
	inner := set.GetInner()
	list := make([]validationRule, 0, len(inner))
	for name, fn := range inner {
		if name == validation.OverlappingFieldsName && sameFunc(fn, rules.OverlappingFieldsCanBeMergedRule.RuleFunc) {
			fn = validation.OverlappingFields.RuleFunc
		}
		list = append(list, validationRule{Name: name, RuleFunc: fn})
	}
	slices.SortFunc(list, func(a, b validationRule) int { return strings.Compare(a.Name, b.Name) })
	return list
}

// sameFunc reports whether a and b are the same function.
func sameFunc(a, b validator.RuleFunc) bool {
	return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
}

// maxValidationErrors caps the errors one validation reports, as
// graphql-js's validate does by default: past it, validation stops and a
// last error says so. A hostile document can otherwise make a response of
// hundreds of megabytes out of a few kilobytes of conflicting aliases. No
// valid document is affected.
const maxValidationErrors = 100

// tooManyErrors is the message of the error that ends a capped validation,
// graphql-js's words.
const tooManyErrors = "Too many validation errors, error limit reached. Validation aborted."

// errorCapReached is panicked by a run's error callback when the cap is
// reached, and recovered by walk: gqlparser's walker cannot be stopped
// otherwise.
type errorCapReached struct{}

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
			if len(run.errs) >= maxValidationErrors {
				run.errs = append(run.errs, &gqlerror.Error{Message: tooManyErrors})
				panic(errorCapReached{})
			}
			found := &gqlerror.Error{Rule: name}
			for _, apply := range opts {
				apply(found)
			}
			capMessage(found)
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
	run.walkCapped(schema, doc, events)
	errs := run.errs
	run.errs = nil
	return errs
}

// walkCapped walks doc, stopping quietly when the error cap is reached.
// Any other panic goes on.
func (run *ruleRun) walkCapped(schema *ast.Schema, doc *ast.QueryDocument, events *validator.Events) {
	defer func() {
		if r := recover(); r != nil {
			if _, capped := r.(errorCapReached); !capped {
				panic(r)
			}
		}
	}()
	validator.Walk(schema, doc, events)
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
