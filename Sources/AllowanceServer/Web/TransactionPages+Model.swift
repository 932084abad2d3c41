import AllowanceAPI
import AllowanceCore
import Foundation
import Vapor

/// What the transaction pages show and the forms they read.
extension TransactionPages {
    struct ChildOption: Encodable {
        let id: UUID
        let name: String
        /// For the preview's "Insufficient balance: Kai has $3.00", in the server's words.
        let firstName: String
        let balance: String
        let balanceCents: Int64
        let selected: Bool
    }

    struct FilterLink: Encodable {
        let label: String
        let href: String
        let current: Bool
    }

    struct ListPage: Encodable {
        let childId: UUID?
        let childName: String
        let avatar: Avatar?
        let children: [ChildOption]
        let filters: [FilterLink]
        let search: String
        let type: String
        /// The rows' HTML, joined (`TransactionRow.html`).
        let rows: HTMLList
        let hasMore: Bool
        let moreHref: String
        let isParent: Bool
    }

    struct DetailPage: Encodable {
        let row: TransactionRow
        let childId: UUID
        let childName: String
        let avatar: Avatar
        let typeLabel: String
        let category: String?
        let note: String?
    }

    struct NewPage: Encodable {
        var children: [ChildOption]
        var type = "Credit"
        var amount = ""
        var description = ""
        var error: String?
    }

    struct NewForm: Content {
        var childId: String?
        var type: String?
        var amount: String?
        var description: String?
    }
}
