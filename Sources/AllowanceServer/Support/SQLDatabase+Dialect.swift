import SQLKit

extension SQLDatabase {
    /// The few statements that differ between the two databases ask this: row locks
    /// (`FOR UPDATE`), and types PostgreSQL cannot infer.
    var isPostgres: Bool { dialect.name == "postgresql" }
}
