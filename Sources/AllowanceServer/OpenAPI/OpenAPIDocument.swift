import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// Builds `/openapi.json` from `APIEndpoints.all`. Schemas are read off each type's sample,
/// so a field added to a wire type appears in the document without a second edit.
enum OpenAPIDocument {
    /// Built once; each request gets its own Response (Vapor adds headers to the one it sends).
    static let data: Data = try! JSONSerialization.data(withJSONObject: document(), options: [.sortedKeys, .prettyPrinted])

    static func response() -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: data))
    }

    static func document() -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        var schemas: [String: Any] = ["ErrorResponse": schema(of: ErrorResponse.sample)]
        for operation in APIEndpoints.all {
            var entry: [String: Any] = [
                "summary": operation.summary,
                "description": "Authorization: \(operation.access.rawValue).",
                "operationId": operation.method.rawValue.lowercased()
                    + operation.path.replacingOccurrences(of: "/api/v1", with: "")
                    .split(separator: "/").map {
                        $0.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "").capitalized.replacingOccurrences(
                            of: "-", with: "")
                    }.joined(),
            ]
            var parameters: [[String: Any]] = operation.path.split(separator: "/").filter { $0.hasPrefix("{") }.map {
                [
                    "name": String($0.dropFirst().dropLast()), "in": "path", "required": true,
                    "schema": ["type": "string", "format": "uuid"],
                ]
            }
            parameters += operation.queryParameters.map { ["name": $0, "in": "query", "required": false, "schema": ["type": "string"]] }
            if operation.idempotent {
                parameters.append([
                    "name": "Idempotency-Key", "in": "header", "required": false, "schema": ["type": "string"],
                    "description": "Retries with the same key return the first answer and move nothing twice.",
                ])
            }
            if !parameters.isEmpty { entry["parameters"] = parameters }
            if operation.access != .anyone { entry["security"] = [["bearer": [String]()]] }
            if let request = operation.request {
                let name = schemaName(request)
                schemas[name] = requestSchema(of: request.sample)
                entry["requestBody"] = [
                    "required": true, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/\(name)"]]],
                ]
            }
            var responses: [String: Any] = [
                "4XX": [
                    "description": "A request the server refuses, with a message for a person",
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/ErrorResponse"]]],
                ]
            ]
            if let response = operation.response {
                let name = schemaName(response)
                let body: [String: Any]
                if let element = (response as? any ArraySample.Type)?.elementType {
                    schemas[schemaName(element)] = schema(of: element.sample)
                    body = ["type": "array", "items": ["$ref": "#/components/schemas/\(schemaName(element))"]]
                } else {
                    schemas[name] = schema(of: response.sample)
                    body = ["$ref": "#/components/schemas/\(name)"]
                }
                responses["\(operation.status)"] = ["description": "Success", "content": ["application/json": ["schema": body]]]
            } else if let mediaType = operation.mediaType {
                responses["\(operation.status)"] = ["description": "Success", "content": [mediaType: ["schema": ["type": "string"]]]]
            } else {
                responses["\(operation.status)"] = ["description": "Success, no content"]
            }
            entry["responses"] = responses
            paths[operation.path, default: [:]][operation.method.rawValue.lowercased()] = entry
        }
        return [
            "openapi": "3.0.3",
            "info": [
                "title": "AllowanceTracker API", "version": AppVersion.current,
                "description":
                    "Money is a JSON number with at most two decimals; dates are ISO 8601 in UTC. Errors are {\"error\": {\"code\", \"message\"}, \"message\"}. Enumerations in a request may be sent as their number or their name, in any case; responses send the number with a ...Name string beside it.",
            ],
            "paths": paths,
            "components": [
                "schemas": schemas, "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "bearerFormat": "JWT"]],
            ],
        ]
    }

    static func schemaName(_ type: Any.Type) -> String { String(describing: type) }

    /// Infers a JSON schema from an encoded example.
    static func schema(of sample: some Encodable) -> [String: Any] {
        let data = try! JSONEncoder.api.encode(sample)
        return infer(try! JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// A request's schema, with each enumeration field saying what it accepts: a numbered one
    /// its number or its name (`oneOf`), a named one its name; either in any case.
    static func requestSchema(of sample: some Encodable) -> [String: Any] {
        var schema = schema(of: sample)
        guard var properties = schema["properties"] as? [String: Any] else { return schema }
        for field in Mirror(reflecting: sample).children {
            guard let label = field.label, properties[label] != nil else { continue }
            var value = field.value
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { continue }
                value = wrapped
            }
            if let numbered = value as? any NumberedEnum {
                properties[label] = numberedSchema(numbered)
            } else if value is TransactionType {
                properties[label] = namedSchema(TransactionType.allCases.map(\.rawValue))
            } else if let named = value as? any LearningEnum {
                properties[label] = namedSchema(learningNames(named))
            }
        }
        schema["properties"] = properties
        return schema
    }

    private static func numberedSchema<E: NumberedEnum>(_: E) -> [String: Any] {
        [
            "oneOf": [
                ["type": "integer", "enum": E.allCases.map(\.rawValue)], namedSchema(E.allCases.map(\.name)),
            ],
            "description": E.choices,
        ]
    }

    private static func namedSchema(_ names: [String]) -> [String: Any] {
        ["type": "string", "enum": names, "description": "Read in any case"]
    }

    private static func learningNames<E: LearningEnum>(_: E) -> [String] { E.allCases.map(\.rawValue) }

    private static func infer(_ value: Any) -> [String: Any] {
        switch value {
        case let object as [String: Any]:
            return ["type": "object", "properties": object.mapValues(infer)]
        case let array as [Any]:
            return ["type": "array", "items": array.first.map(infer) ?? [:]]
        case let number as NSNumber where CFGetTypeIDIsBool(number):
            return ["type": "boolean"]
        case is NSNumber:
            return ["type": "number"]
        case let text as String:
            if UUID(uuidString: text) != nil { return ["type": "string", "format": "uuid"] }
            if ISO8601Wire.parse(text) != nil { return ["type": "string", "format": "date-time"] }
            return ["type": "string"]
        default:
            return [:]
        }
    }

    private static func CFGetTypeIDIsBool(_ number: NSNumber) -> Bool {
        // On Linux and Apple platforms alike, JSONSerialization gives booleans this type.
        String(cString: number.objCType) == "c" && (number == NSNumber(value: true) || number == NSNumber(value: false))
            && type(of: number) != type(of: NSNumber(value: 1))
    }
}

/// Lets the document see an array's element type.
protocol ArraySample { static var elementType: any APISample.Type { get } }
extension Array: ArraySample where Element: APISample {
    static var elementType: any APISample.Type { Element.self }
}
