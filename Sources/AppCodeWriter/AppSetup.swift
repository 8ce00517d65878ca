@_spi(Tools) import RefreshModel

/// Setup code an app compiles: one function that makes the control as the scene draws it,
/// configures it and installs it on a scroll view (docs/export.md). A family writes its
/// statements (`AppSetupWriter/appSetup(of:images:arrowImage:fields:)`); this type writes the files.
package struct AppSetup: Sendable, Equatable {
    /// The module an app imports (`MJRefresh`).
    public var module: String
    /// The Objective-C import (`<MJRefresh/MJRefresh.h>`); nil for a Swift-only library.
    public var objcImport: String?
    /// The control's class, which the function returns.
    public var controlType: String
    /// The control's variable in the function (`header`).
    public var variable: String
    /// The function's name in Swift (`installRefreshHeader`); Objective-C capitalises it.
    public var function: String
    /// Statements before the control is made (shared configuration).
    public var before: [AppStatement]
    /// Makes the control, or nil when installing it makes it (then ``install`` binds it).
    public var create: AppValue?
    /// Statements that configure the control, in order.
    public var configure: [AppStatement]
    /// Puts the control on the scroll view.
    public var install: AppStatement
    /// How the control is read back after ``install`` when it is made there.
    public var installed: AppValue?

    /// Setup code from its parts.
    /// - Parameters:
    ///   - module: the module imported.
    ///   - objcImport: the Objective-C import; nil for a Swift-only library.
    ///   - controlType: the control's class.
    ///   - variable: its variable.
    ///   - function: the function's Swift name.
    ///   - before: shared configuration.
    ///   - create: makes the control; nil when ``install`` does.
    ///   - configure: the configuring statements.
    ///   - install: installs it.
    ///   - installed: reads it back after ``install``, when that made it.
    public init(
        module: String, objcImport: String?, controlType: String, variable: String, function: String,
        before: [AppStatement] = [], create: AppValue?, configure: [AppStatement], install: AppStatement,
        installed: AppValue? = nil
    ) {
        self.module = module
        self.objcImport = objcImport
        self.controlType = controlType
        self.variable = variable
        self.function = function
        self.before = before
        self.create = create
        self.configure = configure
        self.install = install
        self.installed = installed
    }

    /// This setup making `subclass` (a subclass of ``controlType`` the export writes) in place
    /// of the library's class: the same calls on the subclass's name.
    /// - Parameter subclass: the subclass's name.
    /// - Returns: the setup.
    public func subclassed(as subclass: String) -> AppSetup {
        var out = self
        out.controlType = subclass
        if case let .code(swift, objc)? = create {
            func renamed(_ text: String) -> String {
                text.split(separator: controlType, omittingEmptySubsequences: false).joined(separator: subclass)
            }
            out.create = .code(swift: renamed(swift), objc: renamed(objc))
        }
        return out
    }

    /// The modules RefreshGifUIKit stands in for on Linux (docs/app-code.md): their code
    /// compiles there unchanged, drawn by RefreshGif.
    static let onLinux: Set<String> = ["MJRefresh", "SVPullToRefresh", "UIKit"]

    /// The import lines of a file that uses `module` (and UIKit): for a library RefreshGifUIKit
    /// covers, its imports on a phone and RefreshGifUIKit elsewhere, so the same file builds
    /// in the app and in a Linux test target.
    /// - Parameter module: the library's module (`UIKit` for one compiled into the app).
    /// - Returns: the lines, a blank line last.
    package static func imports(_ module: String) -> [String] {
        let phone = (module == "UIKit" ? [] : ["import \(module)"]) + ["import UIKit"]
        guard onLinux.contains(module) else { return phone + [""] }
        return ["#if canImport(UIKit)"] + phone + ["#else", "import RefreshGifUIKit", "#endif", ""]
    }

    /// The first line of every file.
    static let banner = "Written by refresh-render export from the scene it drew; the images are the exported assets."

    /// The Swift file.
    public var swift: String {
        // A library whose sources the app compiles in (ZJPullToRefresh) has no module to import.
        var lines = ["// " + Self.banner] + Self.imports(module)
        lines.append("/// Makes the control as the scene shows it and installs it on `scrollView`; `refreshing` runs when it refreshes.")
        lines.append("@discardableResult")
        lines.append("func \(function)(on scrollView: UIScrollView, refreshing: @escaping () -> Void) -> \(controlType) {")
        let body = self.body(in: .swift)
        lines += body.map { "    " + $0 }
        lines += ["}", ""]
        for helper in helpers { lines += SwiftPrinter.definition(helper) + (helper == .images ? [] : [""]) }
        return lines.joined(separator: "\n")
    }

    /// The helpers the function calls.
    private var helpers: [AppHelper] {
        let values = [create, installed].compactMap { $0 }
        let statements = before + configure + [install]
        return values.reduce(statements.reduce(into: Set<AppHelper>()) { $0.formUnion($1.helpers) }) { $0.union($1.helpers) }.sorted()
    }

    /// The function's statements: shared configuration, the control made (or installed, then
    /// read back), configured, installed, returned.
    private func body(in language: AppLanguage) -> [String] {
        let end = language == .objc ? ";" : ""
        // Swift names the type only where the value does not (a property read back).
        func bind(_ value: AppValue, typed: Bool) -> String {
            let swift = typed ? "let \(variable): \(controlType) = " : "let \(variable) = "
            return (language == .objc ? "\(controlType) *\(variable) = " : swift) + value.written(in: language) + end
        }
        var body = before.map { $0.written(in: language) }
        if let create {
            body.append(bind(create, typed: false))
            body += configure.map { $0.written(in: language) }
            body.append(install.written(in: language))
        } else {
            body.append(install.written(in: language))
            body.append(bind(installed ?? .code(swift: "scrollView", objc: "scrollView"), typed: true))
            body += configure.map { $0.written(in: language) }
        }
        return body + ["return \(variable)" + end]
    }

    /// The Objective-C function's name (`InstallRefreshHeader`).
    public var objcFunction: String { function.prefix(1).uppercased() + function.dropFirst() }

    private var objcSignature: String {
        "\(controlType) *\(objcFunction)(UIScrollView *scrollView, void (^refreshing)(void))"
    }

    /// The Objective-C header.
    public var objcHeader: String {
        [
            "// " + Self.banner, "#import <UIKit/UIKit.h>", "#import \(objcImport ?? "<UIKit/UIKit.h>")", "",
            "NS_ASSUME_NONNULL_BEGIN", "",
            "/// Makes the control as the scene shows it and installs it on `scrollView`; `refreshing` runs when it refreshes.",
            objcSignature + ";", "", "NS_ASSUME_NONNULL_END", "",
        ].joined(separator: "\n")
    }

    /// The Objective-C implementation, importing `header`.
    /// - Parameter header: the header's file name.
    /// - Returns: the `.m` file.
    public func objcSource(header: String) -> String {
        var lines = ["// " + Self.banner, "#import \"\(header)\"", ""]
        let body = self.body(in: .objc)
        for helper in helpers { lines += ObjCPrinter(prefix: "Refresh").definition(helper) + [""] }
        lines.append(objcSignature + " {")
        lines += body.map { "    " + $0 }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }
}
