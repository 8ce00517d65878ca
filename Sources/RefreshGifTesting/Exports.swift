// Users of the snapshot helpers name the library's types (RefreshScene, SnapshotRecordMode,
// SnapshotTolerance) in their tests: importing this module imports RefreshGif too.
@_exported import RefreshGif
