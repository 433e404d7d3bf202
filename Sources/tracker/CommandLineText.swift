import TrackerCore

/// Swift repairs invalid UTF-8 in arguments silently; tracker refuses it instead, so what a
/// person typed is never stored altered.
enum CommandLineText {
    static func requireValidUTF8() throws {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            guard String(validating: bytes, as: UTF8.self) != nil else {
                throw TrackerError.invalidInput(
                    field: "argument \(index)", rule: "is not valid UTF-8 text; fix its encoding (e.g. with iconv)")
            }
        }
    }
}
