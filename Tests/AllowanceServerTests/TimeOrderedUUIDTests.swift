import Foundation
import Testing

@testable import AllowanceServer

/// Ledger rows, contributions, points entries, notifications and claims take version 7 ids
/// (`UUID.timeOrdered`), so their primary keys' indexes grow at one place.
@Suite struct TimeOrderedUUIDTests {
    @Test func theIdCarriesItsMillisecondAndIsAValidVersion7UUID() {
        // act
        let at = Date(timeIntervalSince1970: 1_795_285_800.123)
        let id = UUID.timeOrdered(at: at)
        // assert
        let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
        let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == 1_795_285_800_123)
        #expect(bytes[6] >> 4 == 7, "version 7")
        #expect(bytes[8] >> 6 == 0b10, "RFC 9562 variant")
        #expect(UUID(uuidString: id.uuidString) == id)
    }

    /// Later ids sort after earlier ones, in the text SQLite stores and as bytes, and ids made
    /// in the same millisecond still differ.
    @Test func laterIdsSortAfterEarlierOnesAndNoneRepeat() {
        // act
        let start = Date(timeIntervalSince1970: 1_795_285_800)
        let ids = (0..<1_000).map { UUID.timeOrdered(at: start.addingTimeInterval(Double($0 / 10) / 1_000)) }
        // assert
        #expect(Set(ids).count == 1_000)
        for (earlier, later) in zip(ids, ids.dropFirst(10)) {
            #expect(earlier.uuidString < later.uuidString)
        }
    }
}
