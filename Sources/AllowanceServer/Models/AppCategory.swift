import AllowanceAPI
import AllowanceCore
import Fluent
import Foundation

/// One app of a family's list: Learning (earns points per hour) or Reward (earns none).
// @unchecked Sendable: see Family.
final class AppCategory: Model, @unchecked Sendable {
    static let schema = "app_categories"

    @ID(key: .id) var id: UUID?

    @Field(key: "family_id") var familyID: UUID
    @Field(key: "app_name") var appName: String
    @Field(key: "bundle_identifier") var bundleIdentifier: String
    @Field(key: "category") var category: AppCategoryKind
    @Field(key: "points_per_hour") var pointsPerHour: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(familyID: UUID, appName: String, bundleIdentifier: String, category: AppCategoryKind, pointsPerHour: Int, createdAt: Date) {
        self.familyID = familyID
        self.appName = appName
        self.bundleIdentifier = bundleIdentifier
        self.category = category
        self.pointsPerHour = pointsPerHour
        self.createdAt = createdAt
    }

    var dto: AppCategoryDto {
        AppCategoryDto(id: id!, appName: appName, bundleIdentifier: bundleIdentifier, category: category, pointsPerHour: pointsPerHour)
    }
}
