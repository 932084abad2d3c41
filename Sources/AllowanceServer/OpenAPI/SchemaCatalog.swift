import AllowanceAPI
import Foundation

/// The document's `components.schemas`, read off samples: every stored property of a wire
/// type becomes a property of its schema, with the schema of its Swift type, and is required
/// unless it is an `Optional`. A field added to a DTO therefore appears in the document, with
/// the right requiredness, without a second edit; only a limit the server checks on a request
/// field (a length, a range) is written by hand, in the type's `fieldRules`.
struct SchemaCatalog {
    private(set) var schemas: [String: Any] = [:]

    /// A `$ref` to the named schema of `sample`'s type, adding it (and what it contains) first.
    mutating func reference(to sample: Any, _ direction: SchemaDirection) -> [String: Any] {
        let name = Self.name(of: type(of: sample))
        if schemas[name] == nil {
            schemas[name] = [:]  // a placeholder, so a type that contains itself ends here
            schemas[name] = objectSchema(of: sample, direction)
        }
        return ["$ref": "#/components/schemas/\(name)"]
    }

    static func name(of type: Any.Type) -> String { String(describing: type) }

    private mutating func objectSchema(of sample: Any, _ direction: SchemaDirection) -> [String: Any] {
        let rules = (type(of: sample) as? any APISample.Type)?.fieldRules ?? [:]
        var properties: [String: Any] = [:]
        var required: [String] = []
        for case (let label?, let value) in Mirror(reflecting: sample).children {
            var property: [String: Any]
            if let optional = value as? any OptionalValue {
                guard let wrapped = optional.wrapped else {
                    preconditionFailure("\(Self.name(of: type(of: sample))).sample leaves \(label) out: fill every optional field")
                }
                property = schema(of: wrapped, direction)
            } else {
                property = schema(of: value, direction)
                required.append(label)
            }
            if let rule = rules[label] { property = Self.merge(property, rule) }
            // The decoder reads a null as a field left out.
            if direction == .request, value is any OptionalValue { property = Self.nullable(property) }
            properties[label] = property
        }
        var schema: [String: Any] = ["type": "object", "properties": properties]
        if !required.isEmpty { schema["required"] = required.sorted() }
        return schema
    }

    /// The schema of one value: fixed for a `WireSchema`, items for an array, a `$ref` for a struct.
    private mutating func schema(of value: Any, _ direction: SchemaDirection) -> [String: Any] {
        if let leaf = value as? any WireSchema { return type(of: leaf).wireSchema(direction) }
        if let array = value as? any ArrayValue {
            guard let first = array.elements.first else {
                preconditionFailure("a sample has an empty \(type(of: value)): give it one element")
            }
            return ["type": "array", "items": schema(of: first, direction)]
        }
        precondition(
            Mirror(reflecting: value).displayStyle == .struct,
            "\(type(of: value)) travels as one value: give it a WireSchema conformance")
        return reference(to: value, direction)
    }

    /// OpenAPI 3.0's `nullable` adds null to the type, but an `enum` must list it too.
    private static func nullable(_ schema: [String: Any]) -> [String: Any] {
        var schema = merge(schema, ["nullable": true])
        if let values = schema["enum"] as? [Any] { schema["enum"] = values + [NSNull()] }
        return schema
    }

    /// A field's rule narrows its schema; a rule for a `$ref` sits beside it in an `allOf`.
    private static func merge(_ base: [String: Any], _ rule: [String: Any]) -> [String: Any] {
        if base["$ref"] != nil { return ["allOf": [base]].merging(rule) { $1 } }
        return base.merging(rule) { $1 }
    }
}

/// Lets the catalog (and `PreparedStatement`, for a bound nil) see inside an `Optional` without
/// knowing its type.
protocol OptionalValue { var wrapped: Any? { get } }
extension Optional: OptionalValue {
    var wrapped: Any? { self.map { $0 } }
}

/// Lets the catalog see an array's elements without knowing their type.
protocol ArrayValue { var elements: [Any] { get } }
extension Array: ArrayValue {
    var elements: [Any] { map { $0 } }
}
