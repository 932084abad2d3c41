import AllowanceAPI
import Foundation
import SQLKit
import Testing

@testable import AllowanceServer

@Suite struct VerifyTests {
    @Test func verifyReportsATamperedBalance() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            try await client.post(.debit, 5_00, to: family.children[0], in: family)
            #expect(try await client.audit(family).isClean)
            // Someone edits the cached balance behind the ledger's back.
            let sql = client.app.db.sql
            try await sql.raw("UPDATE children SET balance_cents = balance_cents + 1 WHERE id = \(bind: family.children[0].id)").run()
            let report = try await client.audit(family)
            #expect(!report.isClean)
            #expect(report.summary.contains("Kai"))
            #expect(report.summary.contains("stored balance $15.01, ledger sums to $15.00"))
        }
    }

    /// A child's row that lost count of the ledger's numbers (the next entry would repeat one)
    /// is reported, with what the ledger holds.
    @Test func verifyReportsEntriesNumberedOutOfStep() async throws {
        try await withApp { client in
            let family = try await client.family(children: [("Kai", Money(cents: 20_00))])
            try await client.post(.debit, 5_00, to: family.children[0], in: family)
            let sql = client.app.db.sql
            try await sql.raw("UPDATE children SET last_entry_number = 1 WHERE id = \(bind: family.children[0].id)").run()
            let report = try await client.audit(family)
            #expect(
                report.summary.contains(
                    "Kai (\(family.children[0].id)): ledger entries are not numbered 1 to 1: 2 rows, 2 numbers, the highest 2"))
        }
    }
}
