import Testing
@testable import RefreshPreview
