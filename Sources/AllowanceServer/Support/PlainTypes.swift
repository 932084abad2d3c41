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
}
