@_spi(Tools) import RefreshModel

/// A library whose control an app sets up in code: the export writes that code
/// (docs/export.md). MJRefresh, SVPullToRefresh and ZJRefresh are; a family without it exports
/// its images only.
package protocol AppSetupWriter: RefreshFamily {
    /// The code an app compiles to make this control as `scene` shows it, with `images` (by
    /// state, the exported asset names); nil when the scene's class has none.
    /// - Parameters:
    ///   - scene: the scene exported.
    ///   - images: each state's exported images.
    ///   - arrowImage: the exported arrow image's asset name, when the scene has one.
    ///   - fields: every setting, in the schema's order: the spelled ones are written from
    ///     their declarations (``RefreshFamily/propertyStatements(of:fields:receiver:)``).
    /// - Returns: the setup code, or nil.
    func appSetup(of scene: RefreshScene, images: [RefreshState: AppImages], arrowImage: String?, fields: [SceneField]) -> AppSetup?
}
