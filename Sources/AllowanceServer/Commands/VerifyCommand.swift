import Vapor

/// `allowance-server verify`: checks every cached balance against its ledger. Exits non-zero
/// with a report naming each child whose numbers disagree.
struct VerifyCommand: AsyncCommand {
    struct Signature: CommandSignature {}
    var help: String { "Checks every stored balance against the sum of its ledger rows." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let report = try await LedgerAudit.run(on: context.application.db)
        context.console.print(report.summary)
        guard report.isClean else { throw LedgerAudit.Failure(problems: report.problems.count) }
    }
}
