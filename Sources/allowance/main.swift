import AllowanceCLI
import Foundation

// `allowance <command>`: the logic lives in AllowanceCLI, where tests run it in process.
let status = await AllowanceCommand.run(Array(CommandLine.arguments.dropFirst()), in: .live)
exit(status)
