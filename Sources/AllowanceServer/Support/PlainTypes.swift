import Foundation

/// The plain types the server's rows are decoded into (and their optionals), told apart by
/// identity: the row readers (`SQLiteReads.Row`, `PostgresPreparedRow`) switch on
/// `ObjectIdentifier(T.self)` against these rather than cast, which would look conformances
/// up each time. Kept as constants, since `ObjectIdentifier(String?.self)` written in the
/// switch looks the optional's metadata up on every call (a fortieth of a child's page
/// made afresh on SQLite went on it).
enum PlainTypes {
    static let string = ObjectIdentifier(String.self), optionalString = ObjectIdentifier(String?.self)
    static let uuid = ObjectIdentifier(UUID.self), optionalUUID = ObjectIdentifier(UUID?.self)
    static let int64 = ObjectIdentifier(Int64.self), optionalInt64 = ObjectIdentifier(Int64?.self)
    static let int = ObjectIdentifier(Int.self), optionalInt = ObjectIdentifier(Int?.self)
    static let double = ObjectIdentifier(Double.self), optionalDouble = ObjectIdentifier(Double?.self)
    static let bool = ObjectIdentifier(Bool.self), optionalBool = ObjectIdentifier(Bool?.self)
    static let date = ObjectIdentifier(Date.self), optionalDate = ObjectIdentifier(Date?.self)

    /// A `D` that `plain` writes into the room it is given (returning true) when `D` is one of
    /// the plain types, else `other()`. The row readers' `decode<D>` is generic and reached
    /// through `any SQLRow`, so it runs unspecialized: returning a `D?` there looked the
    /// optional's metadata up at run time for every cell, a twentieth of a child's page made
    /// afresh on SQLite. Writing into room for one `D` needs only `D`'s own.
    static func decoded<D>(
        _: D.Type, plain: (UnsafeMutableRawPointer) throws -> Bool, else other: () throws -> D
    ) rethrows -> D {
        try withUnsafeTemporaryAllocation(of: D.self, capacity: 1) { room in
            let slot = room.baseAddress!
            return try plain(UnsafeMutableRawPointer(slot)) ? slot.move() : other()
        }
    }
}

extension UnsafeMutableRawPointer {
    /// Writes `value` here (a plain type's cell, into a `decoded` slot) and answers true.
    @inline(__always)
    func holding<Value>(_ value: Value) -> Bool {
        initializeMemory(as: Value.self, to: value)
        return true
    }
}
