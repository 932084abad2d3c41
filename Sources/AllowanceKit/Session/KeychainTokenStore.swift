#if canImport(Security)
    import AllowanceAPI
    import Foundation
    import Security

    /// The session in the Keychain, readable after first unlock on this device only.
    public struct KeychainTokenStore: TokenStore {
        public let service: String
        public let account: String
        /// A Keychain access group shared with the widget extension and the intents, so they
        /// read the app's session ("TEAMID.com.allowancetracker.shared"); nil for the app's own.
        public let accessGroup: String?

        public init(service: String = "AllowanceTracker", account: String = "session", accessGroup: String? = nil) {
            self.service = service
            self.account = account
            self.accessGroup = accessGroup
        }

        private var query: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }

        public func load() throws -> StoredSession? {
            var item: CFTypeRef?
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            let status = SecItemCopyMatching(search as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else { throw KeychainError(status: status) }
            return try JSONDecoder.api.decode(StoredSession.self, from: data)
        }

        public func save(_ session: StoredSession) throws {
            let data = try JSONEncoder.api.encode(session)
            let attributes: [String: Any] = [
                kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw KeychainError(status: status) }
        }

        public func clear() throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
        }
    }

    public struct KeychainError: Error, Sendable {
        public let status: OSStatus
    }
#endif
