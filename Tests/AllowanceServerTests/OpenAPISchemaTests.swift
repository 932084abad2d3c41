import AllowanceAPI
import Foundation
import Testing

@testable import AllowanceServer

/// The document's schemas say exactly what the wire types carry: every property a sample
/// encodes is in its schema and the reverse, and a property is required exactly when the
/// server refuses a body without it.
@Suite struct OpenAPISchemaTests {
    let document = OpenAPIDocument.document()
    var schemas: [String: Any] { (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:] }

    /// Every wire type an endpoint takes or answers (arrays by their element).
    static var wireTypes: [(type: any APISample.Type, request: Bool)] {
        APIEndpoints.all.flatMap { endpoint -> [(any APISample.Type, Bool)] in
            [endpoint.request.map { ($0, true) }, endpoint.response.map { ($0, false) }].compactMap { $0 }
        }.map { type, request in
            let sample: Any = type.sample
            if let array = sample as? any ArrayValue, let element = array.elements.first as? any APISample {
                return (Swift.type(of: element), request)
            }
            return (type, request)
        }
    }

    @Test func everyPropertyASampleEncodesIsInItsSchemaAndTheReverse() throws {
        for (type, _) in Self.wireTypes {
            let json = try encoded(type.sample)
            try compare(json, with: ["$ref": "#/components/schemas/\(SchemaCatalog.name(of: type))"], at: "\(type)")
        }
    }

    @Test func requiredFieldsAreExactlyThoseTheDecoderNeeds() throws {
        for (type, _) in Self.wireTypes {
            let decodable = try #require(type as? any Decodable.Type, "\(type) is not Decodable")
            let json = try encoded(type.sample)
            let schema = resolve(["$ref": "#/components/schemas/\(SchemaCatalog.name(of: type))"])
            try checkRequired(in: json, schema: schema, path: [], root: json) { removed in
                (try? JSONDecoder.api.decode(decodable, from: JSONSerialization.data(withJSONObject: removed))) != nil
            }
        }
    }

    @Test func everyFieldRuleNamesAProperty() throws {
        for (type, _) in Self.wireTypes {
            let properties = try #require(
                resolve(["$ref": "#/components/schemas/\(SchemaCatalog.name(of: type))"])["properties"] as? [String: Any])
            let unknown = Set(type.fieldRules.keys).subtracting(properties.keys)
            #expect(unknown.isEmpty, "\(type).fieldRules names \(unknown.sorted()), which \(type) does not have")
        }
    }

    /// An unbounded number would let a client send one the decoder or the database cannot hold.
    @Test func everyRequestNumberIsBounded() throws {
        for (type, request) in Self.wireTypes where request {
            let schema = resolve(["$ref": "#/components/schemas/\(SchemaCatalog.name(of: type))"])
            for (name, property) in schema["properties"] as? [String: [String: Any]] ?? [:] {
                guard ["integer", "number"].contains(property["type"] as? String ?? "") else { continue }
                let bounded = property["enum"] != nil || (property["minimum"] != nil && property["maximum"] != nil)
                #expect(bounded, "\(type).\(name) has no bounds")
            }
        }
    }

    @Test func moneyIsWholeCentsAndAmountsAreAboveZero() throws {
        let create = resolve(["$ref": "#/components/schemas/CreateTransactionRequest"])
        let amount = try #require((create["properties"] as? [String: [String: Any]])?["amount"])
        #expect(amount["type"] as? String == "number")
        #expect((amount["multipleOf"] as? NSNumber)?.doubleValue == 0.01)
        #expect((amount["minimum"] as? NSNumber)?.intValue == 0)
        #expect(amount["exclusiveMinimum"] as? Bool == true)
        #expect((amount["maximum"] as? NSNumber)?.intValue == 1_000_000)
        #expect(Set(create["required"] as? [String] ?? []) == ["childId", "amount", "type", "description"])
        let description = try #require((create["properties"] as? [String: [String: Any]])?["description"])
        #expect(description["maxLength"] as? Int == InputRules.descriptionLength)
        let type = try #require((create["properties"] as? [String: [String: Any]])?["type"])
        #expect(type["enum"] as? [String] == ["Credit", "Debit"])
        let goal = resolve(["$ref": "#/components/schemas/SavingsGoalDto"])
        let status = try #require((goal["properties"] as? [String: [String: Any]])?["status"])
        #expect(status["enum"] as? [Int] == [1, 2, 3, 4, 5])
        #expect(((goal["properties"] as? [String: [String: Any]])?["createdAt"])?["format"] as? String == "date-time")
    }

    // MARK: - Helpers

    private func encoded(_ sample: any Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder.api.encode(sample), options: [.fragmentsAllowed])
    }

    /// A `$ref` resolved, and an `allOf` of one reference (a field rule beside a `$ref`) read through.
    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        if let reference = schema["$ref"] as? String {
            return resolve(schemas[String(reference.split(separator: "/").last!)] as? [String: Any] ?? [:])
        }
        if let all = schema["allOf"] as? [[String: Any]], let first = all.first { return resolve(first) }
        return schema
    }

    private func compare(_ json: Any, with schema: [String: Any], at path: String) throws {
        let schema = resolve(schema)
        if let object = json as? [String: Any] {
            // A free-form object (a widget's own settings) is any object, with no fixed properties.
            if schema["type"] as? String == "object", schema["properties"] == nil { return }
            let properties = try #require(schema["properties"] as? [String: Any], "\(path) is an object the schema does not describe")
            #expect(Set(object.keys) == Set(properties.keys), "\(path): sample \(object.keys.sorted()), schema \(properties.keys.sorted())")
            for (key, value) in object {
                if let property = properties[key] as? [String: Any] { try compare(value, with: property, at: "\(path).\(key)") }
            }
        } else if let array = json as? [Any] {
            let items = try #require(schema["items"] as? [String: Any], "\(path) is an array the schema does not describe")
            for element in array { try compare(element, with: items, at: "\(path)[]") }
        }
    }

    /// Removes each property in turn (at every depth) and asks the decoder whether the body still reads.
    private func checkRequired(
        in json: Any, schema: [String: Any], path: [String], root: Any, decodes: ([String: Any]) -> Bool
    ) throws {
        guard let object = json as? [String: Any], let properties = schema["properties"] as? [String: Any] else { return }
        let required = Set(schema["required"] as? [String] ?? [])
        for key in object.keys {
            let stillDecodes = decodes(removing(path + [key], from: root) as? [String: Any] ?? [:])
            #expect(
                stillDecodes != required.contains(key),
                "\((path + [key]).joined(separator: ".")): required in the schema \(required.contains(key)), decoder needs it \(!stillDecodes)"
            )
            if let nested = properties[key] as? [String: Any], let value = object[key] as? [String: Any] {
                try checkRequired(in: value, schema: resolve(nested), path: path + [key], root: root, decodes: decodes)
            }
        }
    }

    private func removing(_ path: [String], from json: Any) -> Any {
        guard var object = json as? [String: Any], let first = path.first else { return json }
        if path.count == 1 {
            object[first] = nil
        } else if let inner = object[first] {
            object[first] = removing(Array(path.dropFirst()), from: inner)
        }
        return object
    }
}
