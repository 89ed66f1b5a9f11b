# SPDX-License-Identifier: MIT
"""A small JSON Schema checker: the subset doc/aerocmd-json.schema.json uses ($ref into
$defs, oneOf, type, const, enum, required, properties, additionalProperties, items,
minimum, pattern). Returns a list of problems (empty when the value conforms)."""
import re

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class Schema:
    def __init__(self, document):
        self.root = document

    def _resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError("only local references: %s" % ref)
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def problems(self, value, schema=None, where="$"):
        schema = self.root if schema is None else schema
        if "$ref" in schema:
            return self.problems(value, self._resolve(schema["$ref"]), where)
        if "oneOf" in schema:
            matches = [s for s in schema["oneOf"] if not self.problems(value, s, where)]
            if len(matches) != 1:
                return ["%s: matches %d of the oneOf alternatives" % (where, len(matches))]
            return []
        out = []
        if "type" in schema:
            types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(_TYPES[t](value) for t in types):
                return ["%s: %r is not of type %s" % (where, value, "/".join(types))]
        if "const" in schema and (value != schema["const"] or
                                  type(value) is not type(schema["const"])):
            out.append("%s: %r is not %r" % (where, value, schema["const"]))
        if "enum" in schema and value not in schema["enum"]:
            out.append("%s: %r not in %r" % (where, value, schema["enum"]))
        if "minimum" in schema and _TYPES["number"](value) and value < schema["minimum"]:
            out.append("%s: %r below %r" % (where, value, schema["minimum"]))
        if "pattern" in schema and isinstance(value, str) and \
                not re.search(schema["pattern"], value):
            out.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
        if isinstance(value, dict):
            out += self._object(value, schema, where)
        if isinstance(value, list) and "items" in schema:
            for i, item in enumerate(value):
                out += self.problems(item, schema["items"], "%s[%d]" % (where, i))
        return out

    def _object(self, value, schema, where):
        out = ["%s: missing %s" % (where, k) for k in schema.get("required", []) if k not in value]
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                out += self.problems(item, props[key], "%s.%s" % (where, key))
            elif extra is False:
                out.append("%s: unexpected member %s" % (where, key))
            elif isinstance(extra, dict):
                out += self.problems(item, extra, "%s.%s" % (where, key))
        return out
