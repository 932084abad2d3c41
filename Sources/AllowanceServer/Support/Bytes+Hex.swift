import Foundation

/// Bytes as text, two lowercase hex digits each: digests (idempotency keys' requests, assets'
/// versions) and random tokens.
extension Sequence<UInt8> {
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
