import Vapor

/// Gives every request an id and puts it on every log line written for the request (the
/// logger's `request-id`) and on the response (`X-Request-Id`), errors included. A caller's or
/// proxy's own `X-Request-Id` is kept, so one id follows the request from system to system, when
/// it is 1 to 128 letters, digits or `-_.:+=/`; anything else (too long, a space, a line break
/// that would forge a log line) is replaced by a new id. Ahead of every middleware but the count
/// of requests in flight, so that the error middleware's log lines carry it. (Vapor's own
/// `req.id` takes the header as sent: use the logger's metadata, not that.)
struct RequestIDMiddleware: AsyncMiddleware {
    static let maxLength = 128

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let id = Self.accepted(request.headers.first(name: .xRequestId)) ?? UUID.random().lowerHex
        request.logger[metadataKey: "request-id"] = .string(id)
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: .xRequestId, value: id)
        return response
    }

    /// The sent id when it is safe to log and to send back as it is.
    static func accepted(_ sent: String?) -> String? {
        guard let sent, (1...maxLength).contains(sent.utf8.count), sent.utf8.allSatisfy(isAllowed) else { return nil }
        return sent
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-_.:+=/".utf8.contains(byte)
        }
    }
}
