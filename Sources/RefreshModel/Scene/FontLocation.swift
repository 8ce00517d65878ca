/// A font file and the face index inside it.
package struct FontLocation: Sendable, Hashable {
    /// Path of the font file.
    public var path: String
    /// Face index inside a collection (0 for plain files).
    public var index: Int

    /// A location from its parts.
    /// - Parameters:
    ///   - path: the font file.
    ///   - index: the face in a collection.
    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}
