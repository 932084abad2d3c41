import LeafKit

/// Templates link to an asset by its path, `#asset("/css/app.css")`, and get the address
/// with its version (`Assets.url`). A path that is not an asset fails the render, so a
/// broken link cannot ship unnoticed. Like `#url`, the address holds nothing HTML escapes.
struct AssetTag: UnsafeUnescapedLeafTag {
    let assets: Assets

    func render(_ context: LeafContext) throws -> LeafData {
        guard let path = context.parameters.first?.string, context.parameters.count == 1 else {
            throw LeafError(.unknownError("asset: one parameter, the asset's path"))
        }
        guard let url = assets.url(path) else { throw LeafError(.unknownError("asset: no file \(path) in Public/")) }
        return .string(url)
    }
}
