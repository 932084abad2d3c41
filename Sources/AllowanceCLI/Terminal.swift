import AllowanceKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a command touches outside itself: the environment, standard output and error,
/// the keyboard, the network and the clock. The live value is the process's own; tests give
/// their own, so every command runs in process against a real server.
public struct Terminal: Sendable {
    public var environment: [String: String]
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Asks for a secret with the prompt given, without echo; nil when nothing can be read.
    public var readSecret: @Sendable (String) -> String?
    /// All of standard input (for `--password-stdin`).
    public var readStandardInput: @Sendable () -> String?
    public var transport: any HTTPTransport
    public var now: @Sendable () -> Date
    public var locale: Locale

    public init(
        environment: [String: String], write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        readSecret: @escaping @Sendable (String) -> String?, readStandardInput: @escaping @Sendable () -> String?,
        transport: any HTTPTransport = URLSessionTransport(), now: @escaping @Sendable () -> Date = { Date() }, locale: Locale = .current
    ) {
        self.environment = environment
        self.write = write
        self.writeError = writeError
        self.readSecret = readSecret
        self.readStandardInput = readStandardInput
        self.transport = transport
        self.now = now
        self.locale = locale
    }

    /// This process's terminal.
    public static var live: Terminal {
        Terminal(
            environment: ProcessInfo.processInfo.environment,
            write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            readSecret: { prompt in getpass(prompt).map { String(cString: $0) } },
            readStandardInput: { String(data: FileHandle.standardInput.readDataToEndOfFile(), encoding: .utf8) },
            locale: locale(fromLanguage: ProcessInfo.processInfo.environment["LC_ALL"] ?? ProcessInfo.processInfo.environment["LANG"]))
    }

    /// `text` with every control character but line breaks (CSV's "\r\n" too) and tabs shown
    /// as "\u{FFFD}". What a command prints holds what family members typed (a goal's name, a
    /// child's name), and an escape sequence in it would otherwise clear the screen or rewrite
    /// the figures a parent reads.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var shown = String.UnicodeScalarView()
        for character in text {
            if character == "\r\n" {
                shown.append(contentsOf: character.unicodeScalars)
                continue
            }
            for scalar in character.unicodeScalars { shown.append(isHidden(scalar) ? "\u{FFFD}" : scalar) }
        }
        return String(shown)
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
    }

    /// "de_DE.UTF-8" is de_DE; an unset, "C" or "POSIX" language reads as en_US (the product's own).
    static func locale(fromLanguage language: String?) -> Locale {
        let name = language.map { String($0.prefix { $0 != "." && $0 != "@" }) } ?? ""
        return Locale(identifier: ["", "C", "POSIX"].contains(name) ? "en_US" : name)
    }
}
