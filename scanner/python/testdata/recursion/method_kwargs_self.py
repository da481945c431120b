# The shape of the generated TS/JS SDK code that overflowed the stack
# (openai's chatkit threads.ts), in Python: a method passes its options on,
# unpacked, to a call of a method of the same name on another object, so
# the parameter's only call site is a dict that unpacks the parameter
# itself. The word "permissions" makes the detector evaluate the list.
class Threads:
    def delete(self, thread_id, options):
        return self._client.delete(thread_id, {**options, "headers": [options["headers"]]})
