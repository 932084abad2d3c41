import Foundation
import SQLKit
import Vapor

/// `allowance-server backup PATH`: a consistent copy of the SQLite database, taken while the
/// server runs (`VACUUM INTO` reads one snapshot of the file and writes a compact copy), with
/// how to restore it. For PostgreSQL it says which `pg_dump` line to use instead.
struct BackupCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "path", help: "Where to write the copy (must not exist yet)")
        var path: String
    }

    var help: String { "Writes a consistent copy of the live SQLite database to PATH." }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        guard let sql = app.db as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            throw Refusal(
                description: "This server uses PostgreSQL: back it up with pg_dump --format=custom \"$DATABASE_URL\" > allowance.dump "
                    + "(restore with pg_restore --clean --dbname \"$DATABASE_URL\" allowance.dump).")
        }
        let target = URL(fileURLWithPath: signature.path).standardizedFileURL.path
        guard !FileManager.default.fileExists(atPath: target) else {
            throw Refusal(description: "\(target) already exists; choose a new file so no backup is overwritten.")
        }
        try await sql.raw("VACUUM INTO \(bind: target)").run()
        let report = try await LedgerAudit.run(on: app.db)
        context.console.print("Backed up to \(target). The database it copied: \(report.summary)")
        context.console.print("To restore: stop the server, then copy it over the database file: cp \(target) \"$SQLITE_PATH\"")
    }
}
