import Foundation

/// A child's face on the pages: their picture when one exists, otherwise their initials on a
/// colour that is always the same for that child (chosen from the id, so a rename keeps it).
struct Avatar: Encodable {
    let initials: String
    /// `avatar-c0` ... `avatar-c7` in app.css; each colour has white text at 4.5:1 or more.
    let colorClass: String
    let imageUrl: String?

    static let colorCount = 8

    init(id: UUID, firstName: String, lastName: String, imageUrl: String? = nil) {
        initials = [firstName, lastName].compactMap { $0.trimmingCharacters(in: .whitespaces).first.map { String($0).uppercased() } }
            .joined()
        colorClass = "avatar-c\(Self.colorIndex(id))"
        self.imageUrl = imageUrl.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The id's bytes, summed: stable across restarts and servers (unlike `hashValue`).
    static func colorIndex(_ id: UUID) -> Int {
        withUnsafeBytes(of: id.uuid) { bytes in bytes.reduce(0) { $0 + Int($1) } } % colorCount
    }
}
