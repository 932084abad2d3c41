import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation
import SQLKit

/// The family's app list. Sessions copy an app's name, category and rate when they are
/// recorded, so changing or removing an app never rewrites what was earned.
enum AppCategoryService {
    static let nameLength = 100
    static let bundleLength = 200
    static let largestRate = 1_000

    static func list(familyID: UUID, on db: any Database) async throws -> [AppCategoryDto] {
        try await AppCategory.query(on: db).filter(\.$familyID == familyID).sort(\.$appName).all().map(\.dto)
    }

    static func create(_ input: CreateAppCategoryDto, by parent: AuthUser, in context: ServiceContext) async throws -> AppCategoryDto {
        let name = try InputRules.required(input.appName, "App name", max: nameLength)
        let bundle = try bundleIdentifier(input.bundleIdentifier)
        let rate = try pointsPerHour(input.pointsPerHour ?? (input.category == .learning ? 60 : 0), category: input.category)
        let app = AppCategory(
            familyID: parent.familyID, appName: name, bundleIdentifier: bundle, category: input.category, pointsPerHour: rate,
            createdAt: context.now)
        try await context.write { db in
            guard try await find(bundle, familyID: parent.familyID, on: db) == nil else {
                throw AppError(.conflict, .appExists, "\(bundle) is already in the family's apps")
            }
            try await app.create(on: db)
        }
        return app.dto
    }

    static func update(_ app: AppCategory, with input: UpdateAppCategoryDto, in context: ServiceContext) async throws -> AppCategoryDto {
        if let name = input.appName { app.appName = try InputRules.required(name, "App name", max: nameLength) }
        if let category = input.category { app.category = category }
        if let rate = input.pointsPerHour {
            app.pointsPerHour = try pointsPerHour(rate, category: app.category)
        } else if app.category == .reward {
            app.pointsPerHour = 0
        }
        try await context.write { db in try await app.save(on: db) }
        return app.dto
    }

    static func delete(_ app: AppCategory, in context: ServiceContext) async throws {
        try await context.write { db in try await app.delete(on: db) }
    }

    static func find(_ bundleIdentifier: String, familyID: UUID, on db: any Database) async throws -> AppCategory? {
        try await AppCategory.query(on: db).filter(\.$familyID == familyID).filter(\.$bundleIdentifier == bundleIdentifier).first()
    }

    /// A bundle identifier as sent: not trimmed, so no spaces anywhere (what `/openapi.json` states).
    static func bundleIdentifier(_ text: String) throws -> String {
        try InputRules.checkLength(text, "Bundle identifier", max: bundleLength)
        if text.isEmpty { throw AppError.validation("Bundle identifier is required") }
        guard !text.unicodeScalars.contains(where: CharacterSet.patternWhitespace.contains) else {
            throw AppError.validation("Bundle identifier must have no spaces, such as com.duolingo.DuolingoMobile")
        }
        return text
    }

    /// Reward apps earn nothing; a Learning app earns from 1 to 1,000 points an hour. Which
    /// of the two applies depends on the category: 422.
    private static func pointsPerHour(_ rate: Int, category: AppCategoryKind) throws -> Int {
        guard (0...largestRate).contains(rate) else { throw AppError.validation("pointsPerHour must be from 0 to \(largestRate)") }
        if category == .reward {
            guard rate == 0 else { throw AppError.unprocessable("A Reward app earns no points: pointsPerHour must be 0") }
            return 0
        }
        guard rate > 0 else { throw AppError.unprocessable("A Learning app earns points: pointsPerHour must be from 1 to \(largestRate)") }
        return rate
    }
}
