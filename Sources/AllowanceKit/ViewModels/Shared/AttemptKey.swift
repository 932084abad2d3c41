import Foundation

/// The `Idempotency-Key` of a money move a person asked for. The same request after no
/// answer (a timeout, a dropped line) is the same attempt and sends the same key, so money
/// moves once however often the button is pressed; an answer, or a changed request, starts
/// a new attempt (the server keeps a refusal's answer under its key, so an old key would
/// repeat an old refusal).
struct AttemptKey {
    private var pending: (request: String, key: String)?

    /// The key to send for `request` (any text that tells requests apart).
    mutating func key(for request: String) -> String {
        if let pending, pending.request == request { return pending.key }
        let key = UUID().uuidString
        pending = (request, key)
        return key
    }

    /// After the call: forgotten unless its outcome is unknown (`APIError.leavesOutcomeUnknown`).
    mutating func settle(_ error: (any Error)?) {
        if let error = error as? APIError, error.leavesOutcomeUnknown { return }
        pending = nil
    }

    /// The key a retry would send, while an attempt's outcome is unknown.
    var retryKey: String? { pending?.key }

    mutating func forget() { pending = nil }
}
