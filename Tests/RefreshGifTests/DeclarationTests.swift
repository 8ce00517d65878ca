import Testing

@_spi(Tools) @testable import RefreshGif
@testable import RefreshModel

/// Settings and layer properties are one kind of declaration: the rules written against it
/// (which files a value names, the catalog's common part, the rule of where it applies) cover
/// both, enumerated here from the declarations so a new one is covered without editing this.
@Suite struct DeclarationTests {
    /// A path a declaration takes: its first declared extension (a label font names a file only
    /// by a font's extension; anything else is a family).
    private static func path(_ name: String, _ declaration: some Declaration) -> String {
        "files/\(name)." + (declaration.accepts?.extensions.first ?? "x")
    }

    /// Every declaration that may name a file, given one, and the paths given.
    private static func everyFileNamed() -> (SceneDescription, [(key: String, path: String)]) {
        var description = SceneDescription()
        var given: [(key: String, path: String)] = []
        for field in SceneSchema.standard.fields {
            guard let value = field.valueNaming(path(field.name, field)) else { continue }
            description[field] = value
            given.append((field.name, path(field.name, field)))
        }
        for property in LayerProperty.all {
            for kind in LayerKind.allCases where property.applies(to: kind) {
                let name = "\(kind.rawValue)_\(property.name)"
                guard let value = property.valueNaming(path(name, property)) else { continue }
                var layer = ControlLayer(kind, name: name)
                layer[property] = value
                description.layers.append(layer)
                given.append(("layers.\(name).\(property.name)", path(name, property)))
            }
        }
        return (description, given)
    }

    @Test("a file set through any declaration — a setting or a layer property — is found and moved by the one walk")
    func oneWalkFindsEveryFile() throws {
        let (description, given) = Self.everyFileNamed()
        // Settings by state, the label fonts' files and the layers' images and fonts are all there.
        #expect(given.contains { $0.key == "images" } && given.contains { $0.key == "font" })
        #expect(given.contains { $0.key.hasSuffix(".image") } && given.contains { $0.key.hasSuffix(".font") })
        let found = description.namedFiles
        #expect(found.map(\.key) == given.map(\.key))
        #expect(found.map(\.path) == given.map(\.path))
        for file in found {
            // A message names a setting by its option and a layer's property by its JSON path.
            let place = file.setting.map { "--" + $0.option } ?? "$." + file.key
            #expect(file.place == place)
            #expect(file.accepts != nil, "\(file.key) names a file but declares no file types")
        }
        let moved = try description.replacingFiles { "moved/" + $0 }
        #expect(moved.namedFiles.map(\.path) == given.map { "moved/" + $0.path })
        // Nothing but the files changed: moving them back gives the description again (a label
        // font is written in its full form, `regular 15 PATH`, as a rewrite writes it).
        let back = try moved.replacingFiles { String($0.dropFirst("moved/".count)) }
        #expect(back.jsonText == (try description.replacingFiles { $0 }).jsonText)
        #expect(back.jsonText.contains("\"regular 15 files\\/label_font.ttf\""))
    }

    @Test("the catalog's common part says for every declaration what the declaration says")
    func catalogCommonPart() {
        let catalog = SettingsCatalog(schema: .standard)
        let settings = SceneSchema.standard.fields
        let properties = LayerProperty.all
        #expect(catalog.fields.map(\.name) == settings.map(\.name))
        #expect(catalog.layerFields.map(\.name) == properties.map(\.name))
        func check(_ entry: SettingsCatalog.Declared, _ declaration: some Declaration) {
            #expect(entry.help == declaration.help)
            #expect(entry.example == declaration.example.jsonText)
            #expect(entry.files?.extensions == declaration.accepts?.extensions, "\(declaration.name)")
            #expect((entry.choices ?? []) == declaration.choices)
            #expect(entry.byState == declaration.variation.contains(.byState), "\(declaration.name)")
            #expect(entry.byPull == declaration.variation.contains(.byPercent), "\(declaration.name)")
        }
        for (entry, field) in zip(catalog.fields, settings) { check(entry.declared, field) }
        for (entry, property) in zip(catalog.layerFields, properties) {
            check(entry.declared, property)
            #expect(entry.kinds == LayerKind.allCases.filter(property.applies(to:)).map(\.rawValue))
        }
        // Titles follow one rule for both: a letter alone is a capital, initials are capitals.
        #expect(catalog.layerFields.first { $0.name == "centerX" }?.title == "Center X")
        #expect(catalog.fields.first { $0.name == "hideTimeLabel" }?.title == "Hide time label")
        #expect(catalog.fields.first { $0.name == "svLayout" }?.title == "SV layout")
    }

    @Test("a value taken only per state is named per state; one that may vary names its file whole")
    func valueNamingFollowsVariation() {
        #expect(SceneField.images.valueNaming("a.gif") == .byState(["idle": .text("a.gif")]))
        #expect(SceneField.font.valueNaming("F.ttf") == .text("F.ttf"))
        #expect(SceneField.stateLabelFont.valueNaming("F.ttf") == .text("15 F.ttf"))
        #expect(LayerProperty.image.valueNaming("a.gif") == .text("a.gif"))
        #expect(LayerProperty.font.valueNaming("F.ttf") == .text("15 F.ttf"))
        #expect(LayerProperty.text.valueNaming("a.gif") == nil && SceneField.height.valueNaming("a.gif") == nil)
    }
}
