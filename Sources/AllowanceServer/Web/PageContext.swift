import AllowanceAPI
import AllowanceCore
import Vapor

/// What every page's layout needs: title, who is signed in, the bell, the form token and a
/// one-time message from the previous step.
struct PageBase: Encodable {
    let title: String
    let csrf: String
    let signedIn: Bool
    let isParent: Bool
    let userName: String
    let initial: String
    /// A child's own colour (Avatar) beside their initials; empty for a parent.
    let avatarClass: String
    let unreadCount: Int
    let flash: String?
    /// Which navigation item is current ("dashboard", "transactions", "settings").
    let section: String
    /// The bar's navigation, bell and avatar, as HTML (`Topbar`).
    let topbar: String
}

/// What `topbar.leaf` reads: the signed-in bar's navigation, bell and avatar. It is the same
/// on every page of a section until the unread count changes, so it is made once per input
/// and kept (`Fragments`); its comparisons were the costliest part of Leaf's work for every
/// page made afresh (Leaf builds a set for each comparison it evaluates).
private struct Topbar: Encodable, Hashable, Sendable {
    struct Base: Encodable, Hashable, Sendable {
        let signedIn: Bool
        let isParent: Bool
        let section: String
        let unreadCount: Int
        let avatarClass: String
        let initial: String
    }
    let base: Base
}

/// A page: the layout's part and the page's own.
struct Page<Content: Encodable>: Encodable {
    let base: PageBase
    let page: Content
}

enum Flash {
    static let cookieName = "at_flash"

    /// Redirects with a message shown once on the next page.
    static func redirect(_ req: Request, to path: String, message: String) -> Response {
        let response = req.redirect(to: path)
        response.cookies[cookieName] = HTTPCookies.Value(
            string: message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "", path: "/", isHTTPOnly: true, sameSite: .lax)
        return response
    }
}

extension Request {
    func pageBase(_ title: String, section: String = "") async throws -> PageBase {
        let user = auth.get(AuthUser.self)
        var unread = 0
        if let user { unread = try await NotificationService.unreadCount(for: user.userID, on: database) }
        let avatar = user.flatMap { user in user.childID.map { Avatar(id: $0, firstName: user.firstName, lastName: user.lastName) } }
        let bar = Topbar.Base(
            signedIn: user != nil, isParent: user?.isParent ?? false, section: section, unreadCount: unread,
            avatarClass: avatar?.colorClass ?? "", initial: avatar?.initials ?? String(user?.firstName.prefix(1) ?? ""))
        return PageBase(
            title: title, csrf: CSRFMiddleware.token(for: self), signedIn: bar.signedIn, isParent: bar.isParent,
            userName: user?.firstName ?? "", initial: bar.initial, avatarClass: bar.avatarClass, unreadCount: unread,
            flash: sentCookies[Flash.cookieName]?.string.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }, section: section,
            topbar: try await fragment("topbar", Topbar(base: bar)))
    }

    /// Renders a page and clears a shown flash message.
    func render<Content: Encodable>(_ template: String, _ title: String, section: String = "", _ content: Content, status: HTTPStatus = .ok)
        async throws -> Response
    {
        let base = try await pageBase(title, section: section)
        let response = try await view.render(template, Page(base: base, page: content)).encodeResponse(for: self)
        response.status = status
        if base.flash != nil {
            response.cookies[Flash.cookieName] = HTTPCookies.Value(
                string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/")
        }
        return response
    }
}

/// Money and dates as the pages show them, in the family's time zone.
struct MoneyText: Encodable {
    let text: String
    let plain: String
    let isPositive: Bool
    init(_ money: Money) {
        text = money.formatted
        plain = money.plainText
        isPositive = money.isPositive
    }
}

extension FamilyCalendar {
    /// "Nov 21, 2026 at 1:30 PM" in the family's zone.
    func displayDateTime(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened)
        style.timeZone = timeZone
        return date.formatted(style)
    }

    /// "3:04 PM" in the family's zone.
    func displayTime(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .shortened)
        style.timeZone = timeZone
        return date.formatted(style)
    }

    func displayDate(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted)
        style.timeZone = timeZone
        return date.formatted(style)
    }
}
