package transport

import (
	"net/http"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// runSingle is the shared end of the transports that answer a request with
// exactly one response (POST, GRAPHQL, UrlEncodedForm,
// MultipartForm): build the operation, answer pre-execution errors with the
// status status chooses, then execute and write the response.
func runSingle(
	w http.ResponseWriter,
	r *http.Request,
	exec graphql.GraphExecutor,
	params *graphql.RawParams,
	status func(gqlerror.List) int,
) {
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		w.WriteHeader(status(errs))
		resp := exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs)
		writeResponse(ctx, w, exec, resp)
		return
	}
	responses, opCtxCtx := exec.DispatchOperation(ctx, opCtx)
	writeResponse(ctx, w, exec, responses(opCtxCtx))
}

// answerBodyError answers a failure to read the request body: 413 for a
// body over the limit, otherwise status (0 keeps the default 200) with
// message, formatted with the error, through the executor.
func answerBodyError(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, err error, status int, message string) {
	if tooLarge, ok := err.(errBodyTooLarge); ok {
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		dispatchError(r.Context(), w, exec, &gqlerror.Error{Message: tooLarge.Error()})
		return
	}
	if status != 0 {
		w.WriteHeader(status)
	}
	dispatchError(r.Context(), w, exec, gqlerror.Errorf(message, err))
}
