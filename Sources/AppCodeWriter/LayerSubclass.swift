import RefreshImage
@_spi(Tools) import RefreshModel

/// The subclass an app writes for a control with its own subviews (docs/layers.md, "Export"):
/// the scene's class subclassed, each layer a property made and added in `prepare`, and one
/// `updateLayers()` — called from `placeSubviews`, and when the state, the pull or (for values
/// of `t`) the screen's frame changes — that sets every frame and value as the scene's layers
/// give them. Built once as an ``AppSubclass`` and written by ``SwiftPrinter`` and ``ObjCPrinter``.
package struct LayerSubclass: Sendable {
    /// The subclass's name.
    public let className: String
    /// The class it subclasses (`MJRefreshStateHeader`).
    public let baseClass: String
    /// The layers.
    public let layers: [CheckedLayer]
    /// Each layer image's asset names (one, or a GIF's frames) and duration, by path as the
    /// scene names it.
    public let images: [String: (names: [String], duration: Double)]
    /// The states the control enters on the phone: its kind's, and Will Refresh.
    let reached: Set<RefreshState>

    /// A subclass of `scene`'s class.
    /// - Parameters:
    ///   - scene: the scene, its layers checked.
    ///   - className: the subclass's name.
    ///   - images: each layer image's asset names and duration, by path.
    ///   - baseClass: the class it subclasses, when not the scene's (the bare `MJRefreshHeader`).
    public init(scene: RefreshScene, className: String, images: [String: (names: [String], duration: Double)], baseClass: String? = nil) {
        self.className = className
        self.baseClass = baseClass ?? scene.controlClass.name
        layers = scene.layers
        self.images = images
        reached = Set(scene.family.states(of: scene.kind)).union([.willRefresh])
    }

    /// The class, one model for both languages.
    package var model: AppSubclass {
        let (members, imageMembers) = imageMembers
        let code = layers.map { LayerCode($0, images: images, imageMembers: imageMembers, reached: reached) }
        var model = AppSubclass(
            name: className, base: baseClass, module: "MJRefresh", objcImport: "<MJRefresh/MJRefresh.h>", stateType: "MJRefreshState",
            members: code.map(\.member), prepare: code.flatMap(\.prepare), update: code.map { .block($0.layer.name, $0.update) },
            redrawsWithTime: layers.contains { layer in layer.numbers.values.contains { $0.values.contains(where: \.dependsOnTime) } })
        model.images = members
        model.disablesLayerActions = layers.contains { $0.kind == .shape }
        return model
    }

    /// A property for each image the layers show, made once (`logoImage`, `logoImage2` for a
    /// layer's second file), and the property's name by path: a file two layers show is one.
    private var imageMembers: ([AppSubclass.Member], [String: String]) {
        var members: [AppSubclass.Member] = []
        var byPath: [String: String] = [:]
        var taken = Set(layers.map(\.name))
        for layer in layers {
            guard let varying = layer.texts[LayerProperty.image.name] else { continue }
            var paths: [String]
            switch varying {
            case let .fixed(path): paths = [path]
            case let .byState(map, otherwise): paths = RefreshState.allCases.compactMap { map[$0] } + (otherwise.map { [$0] } ?? [])
            case let .byPercent(from, to): paths = [from, to]
            }
            for path in paths where byPath[path] == nil {
                guard let image = images[path], !image.names.isEmpty else { continue }
                var name = layer.name + "Image", number = 1
                while taken.contains(name) {
                    number += 1
                    name = layer.name + "Image\(number)"
                }
                taken.insert(name)
                byPath[path] = name
                members.append(AppSubclass.Member(name: name, type: "UIImage", made: .animatedImage(image.names, duration: image.duration)))
            }
        }
        return (members, byPath)
    }

    private static let note = "The control's own subviews (docs/layers.md): made in prepare, set in updateLayers."

    /// The Swift file.
    public var swift: String { SwiftPrinter().file(model, banner: [AppSetup.banner, Self.note]) }

    /// The Objective-C header: the subclass and its layers as read-only properties.
    public var objcHeader: String { ObjCPrinter(prefix: className).header(model, banner: [AppSetup.banner, Self.note]) }

    /// The Objective-C implementation.
    /// - Parameter header: the header file it imports.
    /// - Returns: the `.m` file.
    public func objcSource(header: String) -> String {
        ObjCPrinter(prefix: className).source(model, header: header, banner: [AppSetup.banner])
    }
}
