import AllowanceAPI
import Fluent
import Foundation
import SQLKit
import Vapor

/// Makes a money-moving POST safe to retry, even across a crash: the key's claim, the work and
/// the stored answer commit in one database transaction, so after any crash either all three
/// are on disk (a retry replays the real answer) or none is (a retry does the work, once). A
/// refusal moved nothing, so its answer is stored on its own afterwards. Two requests racing
/// with one key cannot both claim it (a unique row); the same key with a different body is
/// refused. Keys are forgotten after a day (`expireJob`).
struct IdempotencyMiddleware: AsyncMiddleware {
    static let header = "Idempotency-Key"
    static let lifetime: TimeInterval = 24 * 3_600
    static let keyLength = 200

    /// The claim lost a race inside the transaction: another request holds the key.
    private struct KeyTaken: Error {}

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let key = request.headers.first(name: Self.header) else { return try await next.respond(to: request) }
        guard !key.isEmpty, key.unicodeScalars.count <= Self.keyLength else {
            throw AppError.validation("Idempotency-Key must be 1 to \(Self.keyLength) characters")
        }
        let user = try request.requireUser()
        let hash = Self.fingerprint(request)
        if let stored = try await Self.record(key: key, userID: user.userID, on: request.database) {
            return try Self.replay(stored, hash: hash)
        }
        do {
            return try await request.context.write { transaction in
                let claim = Self.claim(key: key, userID: user.userID, hash: hash, at: request.now)
                do {
                    try await claim.create(on: transaction)
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw KeyTaken()
                }
                // The handler's services write through this transaction (see `Request.context`).
                request.storage[AmbientTransactionKey.self] = transaction
                defer { request.storage[AmbientTransactionKey.self] = nil }
                let response = try await next.respond(to: request)
                claim.statusCode = Int(response.status.code)
                claim.responseBody = response.body.string ?? ""
                try await claim.save(on: transaction)
                return response
            }
        } catch is KeyTaken {
            guard let stored = try await Self.record(key: key, userID: user.userID, on: request.database) else {
                throw AppError.idempotencyInProgress
            }
            return try Self.replay(stored, hash: hash)
        } catch {
            // Everything the request did was rolled back. A refusal is the answer to replay;
            // a server failure leaves the key free for a real retry.
            let (status, body) = AppErrorMiddleware.describe(error, logger: request.logger)
            if status.code < 500 {
                let refusal = Self.claim(key: key, userID: user.userID, hash: hash, at: request.now)
                refusal.statusCode = Int(status.code)
                refusal.responseBody = try String(decoding: JSONEncoder.api.encode(body), as: UTF8.self)
                try? await request.context.write { db in try await refusal.create(on: db) }
            }
            throw error
        }
    }

    private static func claim(key: String, userID: UUID, hash: String, at now: Date) -> IdempotencyRecord {
        let claim = IdempotencyRecord()
        claim.userID = userID
        claim.key = key
        claim.requestHash = hash
        claim.createdAt = now
        return claim
    }

    private static func record(key: String, userID: UUID, on db: any Database) async throws -> IdempotencyRecord? {
        try await IdempotencyRecord.query(on: db).filter(\.$userID == userID).filter(\.$key == key).first()
    }

    private static func replay(_ first: IdempotencyRecord, hash: String) throws -> Response {
        guard first.requestHash == hash else {
            throw AppError(.unprocessableEntity, .idempotencyKeyReused, "This Idempotency-Key was already used for a different request")
        }
        guard let status = first.statusCode else { throw AppError.idempotencyInProgress }
        var headers = HTTPHeaders()
        headers.contentType = .json
        headers.add(name: "Idempotent-Replayed", value: "true")
        return Response(status: HTTPResponseStatus(statusCode: status), headers: headers, body: .init(string: first.responseBody ?? ""))
    }

    private static func fingerprint(_ request: Request) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.urlPath)\n".utf8))
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
        return hasher.finalize().hex
    }

    /// Forgets keys older than `lifetime`: a retry that late is a new request.
    static let expireJob = ScheduledJob(name: "idempotency-expiry") { context in
        struct Gone: Decodable { let id: UUID }
        var query: SQLQueryString = "DELETE FROM idempotency_keys WHERE created_at < \(bind: context.now.addingTimeInterval(-lifetime))"
        if let family = context.familyScope {
            query = query + " AND user_id IN (SELECT id FROM users WHERE family_id = \(bind: family))"
        }
        let statement = query + " RETURNING id"
        return try await context.write { db in try await db.sql.raw(statement).all(decoding: Gone.self).count }
    }
}

/// The transaction a keyed request runs in, for `Request.context` to hand to the services.
struct AmbientTransactionKey: StorageKey {
    typealias Value = any Database
}
