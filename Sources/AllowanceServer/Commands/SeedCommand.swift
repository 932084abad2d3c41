import Vapor

/// `allowance-server seed`: creates the demo family (if it is not there yet).
struct SeedCommand: AsyncCommand {
    struct Signature: CommandSignature {}
    var help: String { "Creates the demo family: a parent login and Kai and Freya with $100.00 each." }

    func run(using context: CommandContext, signature: Signature) async throws {
        try await DemoFamily.seed(context.application)
    }
}
