import AllowanceCore

/// Pictures the web app draws for names the API stores: a template's `iconName` (an SF Symbol
/// name, as the iPhone app uses) and a goal's category. Emoji, so they need no image files and
/// follow the reader's font size.
enum Icons {
    struct Choice: Encodable {
        let name: String
        let label: String
        let emoji: String
    }

    /// The icons a parent picks from for a template, with the global templates' own first.
    static let templateChoices: [Choice] = [
        .init(name: "fork.knife", label: "Meal", emoji: "🍴"), .init(name: "cup.and.saucer", label: "Snack or drink", emoji: "☕"),
        .init(name: "film", label: "Film", emoji: "🎬"), .init(name: "gamecontroller", label: "Game", emoji: "🎮"),
        .init(name: "book", label: "Book", emoji: "📚"), .init(name: "teddybear", label: "Toy", emoji: "🧸"),
        .init(name: "gift", label: "Gift", emoji: "🎁"), .init(name: "checkmark.circle", label: "Chore done", emoji: "✅"),
        .init(name: "magnifyingglass", label: "Found", emoji: "🔍"), .init(name: "bus", label: "Bus or travel", emoji: "🚌"),
        .init(name: "cart", label: "Shopping", emoji: "🛒"), .init(name: "tshirt", label: "Clothes", emoji: "👕"),
        .init(name: "music.note", label: "Music", emoji: "🎵"), .init(name: "sportscourt", label: "Sport", emoji: "⚽"),
        .init(name: "pawprint", label: "Pet", emoji: "🐾"), .init(name: "heart", label: "Giving", emoji: "💝"),
        .init(name: "star", label: "Star", emoji: "⭐"), .init(name: "banknote", label: "Money", emoji: "💵"),
    ]

    /// The emoji for a template's icon; an icon made elsewhere (the API takes any name) shows
    /// the template's first letter instead.
    static func template(_ iconName: String, name: String) -> String {
        templateChoices.first { $0.name == iconName }?.emoji ?? String(name.prefix(1)).uppercased()
    }

    /// A goal without a picture shows its category.
    static func goal(_ category: GoalCategory?) -> String {
        switch category {
        case .toy: "🧸"
        case .game: "🎮"
        case .electronics: "💻"
        case .clothing: "👕"
        case .experience: "🎟️"
        case .savings: "🐷"
        case .charity: "💝"
        case .other, nil: "⭐"
        }
    }
}
