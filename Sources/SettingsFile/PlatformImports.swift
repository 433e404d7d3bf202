// The platform modules this module uses, imported once for all its files (and, being exported,
// for the modules that import it). FoundationEssentials, not Foundation: see
// FoundationEssentialsOnlyTests.
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
