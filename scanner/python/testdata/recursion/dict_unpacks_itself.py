# A function whose parameter's only call site is the function itself,
# called with a dict that unpacks the parameter: the value of the
# parameter is a dict that contains itself. The word "permissions" makes
# the detector evaluate the list below.
def page(request):
    nxt = lambda: page({**request, "offset": 1})
    return [nxt, request["offset"]]
