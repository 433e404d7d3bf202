struct Settings { static let shared = Settings(); var editor: String? { nil } }
