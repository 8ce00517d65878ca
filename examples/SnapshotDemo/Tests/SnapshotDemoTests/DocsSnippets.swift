// The Swift examples of the README ("Configure it like your app"), of docs/library.md
// ("Scenes, renderers, animations", "Values from Swift") and of docs/export.md ("From
// Swift"), word for word inside a function each, so that the
// package's build compiles them (ExampleTests checks that they agree with the pages).
import RefreshGif

func readmeConfigureLikeYourApp() throws -> RefreshScene {
    var settings = SceneDescription()
    settings[.style] = "normal"
    settings[.state] = "pulling"
    settings[.height] = 60
    settings[.stateLabelFont] = "bold 16"
    settings[.stateLabelColor] = "#007AFF"
    settings[.i18nBundle] = "Fixtures/strings/App.bundle"
    let scene = try settings.makeScene()
    return scene
}

func libraryScenesRenderersAnimations() throws {
    var settings = SceneDescription()           // the command line's defaults, built-in animation included
    settings[.scale] = 3
    settings[.images] = ["idle": "pull@3x.gif", "refreshing": "spin@3x.gif"] // or the built-in animation
    settings[.state] = "idle"
    settings[.percent] = 0.6
    var scene = try settings.makeScene()        // checked and loaded: files, ranges, the class's settings

    let renderer = try RefreshRenderer()        // one per thread: it owns FreeType state
    let image = try renderer.render(scene)      // premultiplied RGBA8
    try image.writePNG(to: "header.png")

    // Over time: times are seconds everywhere (scene.time, frame times, encoders).
    scene.state = .refreshing
    let loop = try RefreshAnimation.sequence(of: scene, fps: 30, loops: 2)
    try loop.write(AnimationOutputs(framesFolder: "frames", gif: "spin.gif", apng: "spin.apng", sheet: "sheet.png"))
    var frames = loop.frames()                  // or one at a time, drawn lazily
    while let frame = try frames.next() { print(frame.report.time, frame.image.width) }
}

func libraryValuesFromSwift(headerHeight: Double, brand: RGBAColor, pull: String, release: String, loading: String) throws {
    var settings = SceneDescription()
    settings[.height] = headerHeight                     // a Double
    settings[.textColor] = brand                         // an RGBAColor
    settings[.titles] = [.idle: pull, .pulling: release] // a title per state
    settings[.state] = RefreshState.pulling
    let height: Double? = settings[.height]

    var title = ControlLayer(.label, name: "title")
    title[.text] = .states([.idle: pull, .pulling: release], otherwise: loading) // per state
    title[.textColor] = .pull(from: brand, to: .init(red: 128, green: 0, blue: 128)) // by the pull
    title[.width] = 200.0
    settings.layers = [title]
    _ = (height, try settings.makeScene())
}

func exportFromSwift(projectRoot: String) throws {
    var settings = SceneDescription()
    settings[.images] = ["idle": "Fixtures/demo/pull.gif", "refreshing": "Fixtures/demo/spin.gif"]
    settings[.titles] = [.refreshing: "Syncing…"]
    let export = try AppExport(settings, options: .init(prefix: "refresh", scales: [2, 3]), baseDirectory: projectRoot)
    for finding in export.findings { print(finding.message) } // what the device will suffer
    try export.write(to: "refresh-export") // the folder `refresh-render export -o refresh-export` writes
}
