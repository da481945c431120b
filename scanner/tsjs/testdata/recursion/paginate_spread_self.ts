// Written by hand after the shape of @mistralai/mistralai@2.7.0
// src/funcs/betaServiceAccountsList.ts (Apache-2.0), which overflowed the
// stack: the next page calls the function itself with its request spread
// into a new object, so the request parameter's only call site is an
// object that spreads the parameter itself. The word "permissions" makes
// the detector evaluate the array below.
export function list(client: Core, request: Request, options?: RequestOptions) {
  const nextVal = () => list(client, { ...request, offset: 1 }, options);
  return [{ next: nextVal }, request?.offset];
}
