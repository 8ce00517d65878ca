import Foundation
@_spi(Tools) import RefreshGif

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The app's own words, as Foundation's `NSLocalizedString` reads them on the phone: `key` in the
/// table (`Localizable` unless named) of the main bundle's `.lproj` folder of the device's
/// language (``AppDevice/language``) — here the folders of ``AppResources/folders``. A key no
/// table has is said as a miss when the control is drawn and gives `value`, else the key, as
/// Foundation does. Another bundle is read by Foundation. This declaration shadows Foundation's
/// for code that imports RefreshGifUIKit (docs/app-code.md, "Resources").
/// - Parameters:
///   - key: the key.
///   - tableName: the table, `Localizable` when nil.
///   - bundle: the bundle; `Bundle.main` is the app's resource folders.
///   - value: what a missing key gives, when not empty.
///   - comment: for translators; not read.
/// - Returns: the word.
public func NSLocalizedString(
    _ key: String, tableName: String? = nil, bundle: Bundle = Bundle.main, value: String = "", comment: String
) -> String {
    guard bundle === Bundle.main else { return bundle.localizedString(forKey: key, value: value, table: tableName) }
    let table = tableName ?? "Localizable"
    if let folder = MJRefreshConfig.appStringsFolder(table: table), let tag = try? LanguageTag(AppDevice.language),
        let word = (try? StringsTable.load(folder, table: table, language: tag))?[key]
    {
        return word
    }
    AppResources.miss("NSLocalizedString(\"\(key)\"\(tableName.map { ", tableName: \"\($0)\"" } ?? ""))")
    return value.isEmpty ? key : value
}

// The forms app code calls, without default arguments: Swift prefers them to Foundation's,
// which needs its defaults for the same call.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The app's word for `key` (`NSLocalizedString(_:tableName:bundle:value:comment:)`).
/// - Parameters:
///   - key: the key.
///   - comment: for translators; not read.
/// - Returns: the word.
public func NSLocalizedString(_ key: String, comment: String) -> String {
    NSLocalizedString(key, tableName: nil, bundle: Bundle.main, value: "", comment: comment)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The app's word for `key` in `tableName` (`NSLocalizedString(_:tableName:bundle:value:comment:)`).
/// - Parameters:
///   - key: the key.
///   - tableName: the table.
///   - comment: for translators; not read.
/// - Returns: the word.
public func NSLocalizedString(_ key: String, tableName: String?, comment: String) -> String {
    NSLocalizedString(key, tableName: tableName, bundle: Bundle.main, value: "", comment: comment)
}
