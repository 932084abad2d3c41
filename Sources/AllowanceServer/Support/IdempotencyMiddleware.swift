import AllowanceAPI
import Fluent
import Foundation
import Vapor

/// Makes a money-moving POST safe to retry: the first request with an `Idempotency-Key`
/// claims the key (a unique row, so two racing requests cannot both claim it), runs, and its
/// answer is stored; every retry with the same key and body gets that answer back and moves
/// nothing. The same key with a different body is refused.
struct IdempotencyMiddleware: AsyncMiddleware {
    static let header = "Idempotency-Key"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let key = request.headers.first(name: Self.header) else { return try await next.respond(to: request) }
        guard !key.isEmpty, key.count <= 200 else { throw AppError.validation("Idempotency-Key must be 1 to 200 characters") }
        let user = try request.requireUser()
        let hash = Self.fingerprint(request)

        let claim = IdempotencyRecord()
        claim.userID = user.userID
        claim.key = key
        claim.requestHash = hash
        claim.createdAt = request.now
        do {
            try await claim.create(on: request.db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            return try await replay(key: key, userID: user.userID, hash: hash, on: request)
        }

        do {
            let response = try await next.respond(to: request)
            try await finish(claim, status: response.status, body: response.body.string, on: request)
            return response
        } catch {
            let (status, body) = AppErrorMiddleware.describe(error, logger: request.logger)
            let text = try String(decoding: JSONEncoder.api.encode(body), as: UTF8.self)
            try await finish(claim, status: status, body: text, on: request)
            throw error
        }
    }

    /// Stores a client's answer for replay; a server failure frees the key for a real retry.
    private func finish(_ claim: IdempotencyRecord, status: HTTPResponseStatus, body: String?, on request: Request) async throws {
        if status.code >= 500 {
            try await claim.delete(on: request.db)
        } else {
            claim.statusCode = Int(status.code)
            claim.responseBody = body ?? ""
            try await claim.save(on: request.db)
        }
    }

    private func replay(key: String, userID: UUID, hash: String, on request: Request) async throws -> Response {
        guard let first = try await IdempotencyRecord.query(on: request.db).filter(\.$userID == userID).filter(\.$key == key).first() else {
            throw AppError.idempotencyInProgress
        }
        guard first.requestHash == hash else {
            throw AppError(.unprocessableEntity, .idempotencyKeyReused, "This Idempotency-Key was already used for a different request")
        }
        guard let status = first.statusCode else {
            throw AppError.idempotencyInProgress
        }
        var headers = HTTPHeaders()
        headers.contentType = .json
        headers.add(name: "Idempotent-Replayed", value: "true")
        return Response(status: HTTPResponseStatus(statusCode: status), headers: headers, body: .init(string: first.responseBody ?? ""))
    }

    private static func fingerprint(_ request: Request) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.url.path)\n".utf8))
        if let body = request.body.data {
            // The same JSON with keys in another order or spacing is the same request.
            let bytes = Data(body.readableBytesView)
            if let object = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]),
                let canonical = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
            {
                hasher.update(data: canonical)
            } else {
                hasher.update(data: bytes)
            }
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
