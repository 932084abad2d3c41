import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// Builds `/openapi.json` from `APIEndpoints.all`: each endpoint's path, access, query, body,
/// answer and refusals, with schemas read off the wire types' samples (`SchemaCatalog`), so a
/// field added to a wire type appears in the document without a second edit.
enum OpenAPIDocument {
    /// Built once; each request gets its own Response (Vapor adds headers to the one it sends).
    static let data: Data = try! JSONSerialization.data(withJSONObject: document(), options: [.sortedKeys, .prettyPrinted])

    static func response() -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(data: data))
    }

    static func document() -> [String: Any] {
        var catalog = SchemaCatalog()
        // Requests first: a type that travels both ways (notification preferences) is described as
        // a request, whose schema also admits every answer.
        for request in APIEndpoints.all.compactMap(\.request) { _ = catalog.reference(to: request.sample, .request) }
        _ = catalog.reference(to: ErrorResponse.sample, .response)
        var paths: [String: [String: Any]] = [:]
        for endpoint in APIEndpoints.all {
            paths[endpoint.path, default: [:]][endpoint.method.rawValue.lowercased()] = operation(endpoint, &catalog)
        }
        return [
            "openapi": "3.0.3",
            "info": [
                "title": "AllowanceTracker API", "version": AppVersion.current,
                "description": """
                Money is a JSON number with at most two decimals; dates are ISO 8601 in UTC (a request may send a bare \
                date, "2026-12-24", which means that day in the family's time zone). Enumerations in a request may be \
                sent as their number or their name, in any case; answers send the number with a ...Name string beside \
                it. Errors are {"error": {"code", "message"}, "message"}. A 400 means the request does not fit this document (the message names \
                the field); a request that fits it but breaks a rule that depends on another field, the time or stored \
                data is answered 422. Text may not contain the NUL character (U+0000): a request with one \
                is answered 400.
                """,
            ],
            "paths": paths,
            "components": [
                "schemas": catalog.schemas, "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "bearerFormat": "JWT"]],
            ],
        ]
    }

    private static func operation(_ endpoint: APIEndpoint, _ catalog: inout SchemaCatalog) -> [String: Any] {
        var entry: [String: Any] = [
            "summary": endpoint.summary, "description": "Authorization: \(endpoint.access.rawValue).",
            "operationId": endpoint.operationID, "responses": responses(endpoint, &catalog),
        ]
        let parameters =
            endpoint.pathParameterNames.map(pathParameter) + endpoint.queryParameters.map(\.document)
            + (endpoint.idempotent ? [idempotencyKey] : [])
        if !parameters.isEmpty { entry["parameters"] = parameters }
        if endpoint.access != .anyone { entry["security"] = [["bearer": [String]()]] }
        if let request = endpoint.request {
            entry["requestBody"] = [
                "required": true, "content": ["application/json": ["schema": catalog.reference(to: request.sample, .request)]],
            ]
        }
        return entry
    }

    private static func responses(_ endpoint: APIEndpoint, _ catalog: inout SchemaCatalog) -> [String: Any] {
        var responses: [String: Any] = [:]
        for status in endpoint.refusalStatuses {
            responses["\(status.code)"] = [
                "description": refusalDescriptions[status.code] ?? status.reasonPhrase,
                "content": ["application/json": ["schema": ["$ref": "#/components/schemas/ErrorResponse"]]],
            ]
        }
        if let response = endpoint.response {
            let sample: Any = response.sample
            let body: [String: Any]
            if let array = sample as? any ArrayValue {
                body = ["type": "array", "items": catalog.reference(to: array.elements[0], .response)]
            } else {
                body = catalog.reference(to: sample, .response)
            }
            responses["\(endpoint.status)"] = ["description": "Success", "content": ["application/json": ["schema": body]]]
        } else if let mediaType = endpoint.mediaType {
            responses["\(endpoint.status)"] = ["description": "Success", "content": [mediaType: ["schema": ["type": "string"]]]]
        } else {
            responses["\(endpoint.status)"] = ["description": "Success, no content"]
        }
        return responses
    }

    private static func pathParameter(_ name: String) -> [String: Any] {
        // Records are named by UUID; a badge by its key ("streak-7", "custom-...").
        let schema: [String: Any] = name.hasSuffix("Id") ? ["type": "string", "format": "uuid"] : ["type": "string", "minLength": 1]
        return ["name": name, "in": "path", "required": true, "schema": schema]
    }

    private static var idempotencyKey: [String: Any] {
        [
            "name": "Idempotency-Key", "in": "header", "required": false,
            "schema": ["type": "string", "minLength": 1, "maxLength": IdempotencyMiddleware.keyLength],
            "description": "Retries with the same key return the first answer and move nothing twice.",
        ]
    }

    private static let refusalDescriptions: [UInt: String] = [
        400: "The request does not fit this document; the message names the field",
        401: "Not signed in, or the session has ended",
        402: "A Premium feature; the message says what Premium unlocks",
        403: "Signed in, but this user may not do this",
        404: "No such record in the caller's family",
        409: "The record's state does not allow this now (or a request with this Idempotency-Key is still running)",
        413: "The request body is too large",
        415: "The body is not JSON",
        422: "The request fits this document but a rule refuses it (another field, the time, a balance, or a reused Idempotency-Key)",
        429: "Too many attempts; the message says how long to wait",
    ]
}

extension APIEndpoint {
    /// `getChildrenChildidTransactions`: unique per operation, stable across releases.
    var operationID: String {
        method.rawValue.lowercased()
            + path.replacingOccurrences(of: "/api/v1", with: "").split(separator: "/").map {
                $0.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "").capitalized
                    .replacingOccurrences(of: "-", with: "")
            }.joined()
    }

    var pathParameterNames: [String] { path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) } }

    /// Every error this operation can answer: those its shape implies, then its own `refusals`.
    var refusalStatuses: [HTTPResponseStatus] {
        var statuses: [HTTPResponseStatus] = []
        if request != nil || !queryParameters.isEmpty || !pathParameterNames.isEmpty { statuses.append(.badRequest) }
        if access != .anyone { statuses.append(.unauthorized) }
        if access != .anyone && access != .signedIn { statuses.append(.forbidden) }
        if !pathParameterNames.isEmpty { statuses.append(.notFound) }
        if request != nil { statuses += [.payloadTooLarge, .unsupportedMediaType] }
        if idempotent { statuses += [.conflict, .unprocessableEntity] }
        return (statuses + refusals).reduce(into: []) { unique, status in
            if !unique.contains(status) { unique.append(status) }
        }
    }
}

extension QueryParameter {
    var document: [String: Any] {
        let schema: [String: Any] =
            switch kind {
            case .integer(let range): ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
            case .boolean: ["type": "string", "enum": ["true", "false", "1", "0"]]
            case .date: Date.wireSchema(.request)
            case .text(let maxLength): ["type": "string", "maxLength": maxLength]
            case .choice(let values): ["type": "string", "enum": values]
            }
        if required {
            return ["name": name, "in": "query", "required": true, "schema": schema.merging(["pattern": "\\S"]) { $1 }]
        }
        // The reader takes an empty value as absent.
        return ["name": name, "in": "query", "required": false, "allowEmptyValue": true, "schema": schema]
    }
}
