/// How a library declares its own settings (`RefreshFamily/settings`): each is a property
/// of the family's type, so its default is the property's own, written once.
extension SceneField {
    /// A setting stored in `property` of the family (`setting("dotSize", of: MyRefresh(), \.dotSize, …)`).
    /// - Parameters:
    ///   - key: the JSON key; the option is its kebab-case.
    ///   - defaults: the family with its default settings (the default shown is read from it).
    ///   - property: where the value is stored.
    ///   - group: the panel's section.
    ///   - help: one sentence.
    ///   - example: a valid value other than the default.
    ///   - range: for numbers, the values accepted.
    ///   - unit: for numbers, their unit.
    /// - Returns: the setting; it changes the scene's family only when that is `F`.
    package static func setting<F: RefreshFamily, V: SceneSettingValue>(
        _ key: String, of defaults: F, _ property: WritableKeyPath<F, V> & Sendable, group: Group, help: String,
        example: V, range: ClosedRange<Double>? = nil, unit: String? = nil
    ) -> SceneField {
        var field = setting(
            key, of: defaults, as: V.self, group: group, help: help, example: example,
            default: defaults[keyPath: property].sceneValue?.argumentText, range: range, unit: unit
        ) { value, family in family[keyPath: property] = value }
        // The family's value, when the scene's family is `F` and its value not the default.
        let plain = defaults[keyPath: property].propertyValue
        field.propertyValue = { scene in
            let value = (scene.family as? F)?[keyPath: property].propertyValue
            return value == plain ? nil : value
        }
        return field
    }

    /// A setting whose effect on the family is `set` (a flag that turns a property off).
    /// - Parameters:
    ///   - key: the JSON key; the option is its kebab-case.
    ///   - defaults: the family with its default settings.
    ///   - type: the value's Swift type.
    ///   - group: the panel's section.
    ///   - help: one sentence.
    ///   - example: a valid value other than the default.
    ///   - defaultText: the default as the command line writes it; nil for none.
    ///   - range: for numbers, the values accepted.
    ///   - unit: for numbers, their unit.
    ///   - set: puts the value into the family.
    /// - Returns: the setting; it changes the scene's family only when that is `F`.
    package static func setting<F: RefreshFamily, V: SceneSettingValue>(
        _ key: String, of defaults: F, as type: V.Type, group: Group, help: String, example: V,
        default defaultText: String? = nil, range: ClosedRange<Double>? = nil, unit: String? = nil,
        set: @escaping @Sendable (V, inout F) -> Void
    ) -> SceneField {
        SceneField(
            key, V.settingKind, group: group, help: help, example: example.sceneValue ?? .text(""), default: defaultText,
            unit: unit, valueName: V.settingValueName, owner: defaults.name, valueType: V.self
        ) { raw, build in
            if let range { _ = try SceneRead.number(raw, key, in: range) }
            let value = try V.read(raw, field: key)
            build.scene.update(F.self) { set(value, &$0) }
        }
    }

    /// A setting with a value per state (`STATE=VALUE`), state names read in the family's terms.
    /// - Parameters:
    ///   - key: the JSON key.
    ///   - option: the command-line option (singular, as it is repeated: `subtitle`).
    ///   - defaults: the family with its default settings.
    ///   - type: the Swift type of each value.
    ///   - group: the panel's section.
    ///   - help: one sentence.
    ///   - example: a valid value for one state.
    ///   - set: puts one state's value into the family.
    /// - Returns: the setting; it changes the scene's family only when that is `F`.
    package static func setting<F: RefreshFamily, V: SceneSettingValue>(
        byState key: String, option: String, of defaults: F, as type: V.Type, group: Group, help: String,
        example: (state: String, value: V), set: @escaping @Sendable (RefreshState, V, inout F) -> Void
    ) -> SceneField {
        SceneField(
            key, option: option, .byState(V.settingKind), group: group, help: help,
            example: .byState([example.state: example.value.sceneValue ?? .text("")]), owner: defaults.name
        ) { raw, build in
            for (name, entry) in try SceneRead.states(raw, key, family: build.scene.family) {
                let value = try V.read(entry, field: key)
                build.scene.update(F.self) { set(name.state, value, &$0) }
            }
        }
    }

    /// The family's own effect of a setting every library has (`lastUpdated` also turns on
    /// SVPullToRefresh's date label): applied after the shared effect, when the scene's family
    /// is `F`.
    /// - Parameters:
    ///   - key: the shared setting's JSON key.
    ///   - defaults: the family with its default settings.
    ///   - effect: changes the family, given the value and the scene as set so far.
    /// - Returns: the effect, listed with the family's settings.
    /// - Throws: nothing itself; the effect's errors are thrown when it is applied.
    package static func effect<F: RefreshFamily>(
        of key: String, in defaults: F, _ effect: @escaping @Sendable (SceneValue, inout F, RefreshScene) throws -> Void
    ) -> SceneField {
        SceneField(key, .text, group: .control, help: "", example: .text(""), owner: defaults.name, isEffect: true) { raw, build in
            guard var family = build.scene.family as? F else { return }
            try effect(raw, &family, build.scene)
            build.scene.family = family
        }
    }
}
