import Foundation
import TrackerCore

/// Reads text a person hands in by file or standard input, refusing what is not UTF-8.
enum InputText {
    static func read(_ path: String) throws -> String {
        let data = try readData(path)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TrackerError.invalidInput(
                field: "body", rule: "'\(path)' is not valid UTF-8 text; convert it (e.g. with iconv) and retry")
        }
        return text
    }

    static func readData(_ path: String) throws -> Data {
        let data: Data
        if path == "-" {
            data = try StandardInput.readToEnd()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw TrackerError.invalidInput(
                    field: "file", rule: "cannot read '\(path)': check the path and permissions")
            }
        }
        return data
    }
}
