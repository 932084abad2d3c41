import Foundation
import Testing

@testable import AllowanceServer

/// Ledger rows, contributions, points entries, notifications and claims take version 7 ids
/// (`UUID.timeOrdered`), so their primary keys' indexes grow at one place; request ids are
/// version 4 (`UUID.random`). Both take their random bits from the system's generator.
@Suite struct RandomUUIDTests {
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

    /// Ids made together (a payday batch's) carry their millisecond, are valid version 7
    /// UUIDs, never repeat, and every one of their 74 random bits is seen both set and clear.
    @Test func idsMadeTogetherAreValidVersion7UUIDsThatDoNotRepeat() {
        // act
        let at = Date(timeIntervalSince1970: 1_795_285_800.123)
        let ids = UUID.timeOrdered(count: 2_000, at: at)
        // assert
        #expect(ids.count == 2_000)
        #expect(Set(ids).count == 2_000)
        let bytes = ids.map { id in withUnsafeBytes(of: id.uuid) { Array($0) } }
        for id in bytes {
            #expect(id[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } == 1_795_285_800_123)
            #expect(id[6] >> 4 == 7, "version 7")
            #expect(id[8] >> 6 == 0b10, "RFC 9562 variant")
        }
        let set = bytes.reduce([UInt8](repeating: 0, count: 16)) { zip($0, $1).map { $0 | $1 } }
        let clear = bytes.reduce([UInt8](repeating: 0xFF, count: 16)) { zip($0, $1).map { $0 & $1 } }
        #expect(set[6...] == [0x7F, 0xFF, 0xBF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(clear[6...] == [0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, 0])
        #expect(UUID.timeOrdered(count: 0).isEmpty)
    }

    /// A request id is a valid version 4 UUID with 122 random bits: a thousand never repeat,
    /// and every random bit is seen both set and clear.
    @Test func randomIdsAreValidVersion4UUIDsThatDoNotRepeat() {
        // act
        let ids = (0..<1_000).map { _ in UUID.random() }
        // assert
        #expect(Set(ids).count == 1_000)
        let bytes = ids.map { id in withUnsafeBytes(of: id.uuid) { Array($0) } }
        for id in bytes {
            #expect(id[6] >> 4 == 4, "version 4")
            #expect(id[8] >> 6 == 0b10, "RFC 9562 variant")
        }
        let set = bytes.reduce([UInt8](repeating: 0, count: 16)) { zip($0, $1).map { $0 | $1 } }
        let clear = bytes.reduce([UInt8](repeating: 0xFF, count: 16)) { zip($0, $1).map { $0 & $1 } }
        #expect(set == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x4F, 0xFF, 0xBF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(clear == [0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0])
        #expect(UUID(uuidString: ids[0].uuidString) == ids[0])
    }
}
