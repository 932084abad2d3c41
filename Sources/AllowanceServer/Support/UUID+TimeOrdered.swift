import Foundation

extension UUID {
    /// A version 7 UUID (RFC 9562): the milliseconds since 1970 in its first 48 bits, then
    /// random bits. Rows that are only ever added (ledger entries, notifications, claims) take
    /// these ids so that their primary key's index grows at one place: with random ids each
    /// insert lands on a random leaf of an index as large as the table, one more page to read
    /// and write back (and copy again at the next checkpoint) per row.
    static func timeOrdered(at now: Date = Date()) -> UUID {
        // Rounded: a millisecond's instant, as a Double, may sit a hair below it.
        let milliseconds = UInt64(max(0, (now.timeIntervalSince1970 * 1_000).rounded()))
        var bytes = UUID().uuid
        bytes.0 = UInt8(truncatingIfNeeded: milliseconds >> 40)
        bytes.1 = UInt8(truncatingIfNeeded: milliseconds >> 32)
        bytes.2 = UInt8(truncatingIfNeeded: milliseconds >> 24)
        bytes.3 = UInt8(truncatingIfNeeded: milliseconds >> 16)
        bytes.4 = UInt8(truncatingIfNeeded: milliseconds >> 8)
        bytes.5 = UInt8(truncatingIfNeeded: milliseconds)
        bytes.6 = bytes.6 & 0x0F | 0x70
        bytes.8 = bytes.8 & 0x3F | 0x80
        return UUID(uuid: bytes)
    }
}
