import Foundation
import Vapor

extension CachedReadMiddleware {
    /// For a read of one child (a route with a `childId`: the child's page, ledger, goals,
    /// learning), the numbers it is kept at on SQLite: the family's `shared_version` and the
    /// child's own, read before the answer is made. Nil elsewhere, and on PostgreSQL, which
    /// keeps answers per family; nil too when the child is not of the user's family, whose
    /// answer is a refusal and never kept.
    static func childVersion(of request: Request, user: AuthUser) throws -> ResponseCache.Version? {
        guard let reads = request.application.sqliteReads, let text = request.parameters.get("childId"),
            let childID = UUID(uuidString: text)
        else { return nil }
        return try reads.withConnection { connection in
            guard let statement = connection.statement(childVersionQuery) else {
                throw SQLiteReadsError("child version lookup did not prepare")
            }
            var version: ResponseCache.Version?
            try connection.run(statement, [.text(childID.uuidString), .text(user.familyID.uuidString)]) { row in
                guard case .integer(let shared) = row.values[0], case .integer(let own) = row.values[1] else { return }
                version = .child(shared: Int64(shared), own: Int64(own))
            }
            return version
        }
    }

    /// Ids are stored as upper-case text, as `uuidString` writes them.
    private static let childVersionQuery = """
        SELECT families.shared_version, coalesce((SELECT version FROM child_data_versions WHERE child_id = children.id), 0)
        FROM children JOIN families ON families.id = children.family_id
        WHERE children.id = CAST(?1 AS TEXT) AND children.family_id = CAST(?2 AS TEXT)
        """
}
