import AllowanceCore

/// Reading an amount a person typed, with the same parser as the server (exact cents, never
/// rounded), so every form rejects "1.005" and "abc" the same way.
enum MoneyField {
    /// The amount, or nil when the text is not one.
    static func parse(_ text: String) -> Money? {
        try? Money(parsing: text)
    }

    /// The first problem with a required positive amount, or nil.
    static func positiveAmountProblem(_ text: String, label: String = "Amount") -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "\(label) is required" }
        guard let amount = parse(text) else { return "Please enter a valid amount" }
        if !amount.isPositive { return "\(label) must be greater than zero" }
        return nil
    }
}
