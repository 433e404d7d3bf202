import SettingsFile
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
            // open(2) and read(2) to the end, so a device or a pipe (`/dev/null`, `<(…)`) reads like a file.
            let cannotRead = TrackerError.invalidInput(
                field: "file", rule: "cannot read '\(path)': check the path and permissions")
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw cannotRead }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { throw cannotRead }
            data = try DescriptorReading.readAll(descriptor) { _ in cannotRead }
        }
        return data
    }
}
