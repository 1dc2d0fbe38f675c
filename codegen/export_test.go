package codegen

// MethodCount is methodCount, for the tests of package codegen_test.
var MethodCount = methodCount

// SetMethodBudget sets the budget of fitMethodLimit until restore.
func SetMethodBudget(n int) (restore func()) {
	old := methodBudget
	methodBudget = n
	return func() { methodBudget = old }
}

// SetSwitchPart sets the cases per generated switch until restore.
func SetSwitchPart(n int) (restore func()) {
	old := switchPart
	switchPart = n
	return func() { switchPart = old }
}
