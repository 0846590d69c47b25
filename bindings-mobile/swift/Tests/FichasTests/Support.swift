import Fichas
import Foundation
import XCTest

/// Every variant and mode the full-game tests play (as in the Kotlin tests).
let allVariants = [
    "poleana",
    "poleana:2",
    "poleana:2:assisted",
    "poleana-express:3",
    "poleana-express:3:free",
    "parchis",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
]

/// More steps than any game takes: a game still running after them is stuck.
let maxSteps = 100_000

/// A small seeded generator (SplitMix64), so that every run makes the same random choices.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Plays one step: rolls when chance is pending, otherwise plays a random legal action, checking
/// that every step reports what happened. Returns false once the game is over.
@discardableResult
func step(_ game: Game, _ random: inout SeededGenerator) throws -> Bool {
    switch try game.phase() {
    case .over:
        return false
    case .chance:
        let events = try game.roll()
        XCTAssertFalse(events.isEmpty, "a roll reports what it rolled")
    case .decide(let seat):
        let actions = try game.legalActions()
        guard !actions.isEmpty else {
            XCTFail("seat \(seat) is to decide but has no choice")
            return false
        }
        let action = actions[Int.random(in: 0..<actions.count, using: &random)]
        XCTAssertEqual(action.seat, seat, "an action names the seat that may take it")
        let events = try game.play(action: action)
        XCTAssertFalse(events.isEmpty, "`\(action.notation)` reports what it did")
    }
    return true
}

/// Plays `game` to its end with random choices; returns the number of steps it took.
func playOut(_ game: Game, _ random: inout SeededGenerator) throws -> Int {
    var steps = 0
    while try step(game, &random) {
        steps += 1
        if steps >= maxSteps {
            let variant = try game.variant()
            let position = try game.position()
            XCTFail("\(variant) still running after \(maxSteps) steps: \(position)")
            break
        }
    }
    return steps
}

/// Plays until a seat is to decide.
func rollUntilDecision(_ game: Game) throws {
    var rolls = 0
    while try game.toAct() == nil {
        _ = try game.roll()
        rolls += 1
        if rolls >= 1_000 {
            XCTFail("no decision after \(rolls) rolls")
            return
        }
    }
}

/// The value of `key=` in a position text, such as the `hands` of a Cartas position.
func positionField(_ position: String, _ key: String) -> String? {
    position.split(separator: " ")
        .first { $0.hasPrefix("\(key)=") }
        .map { String($0.dropFirst(key.count + 1)) }
}

extension FichasError {
    /// The case's name and its message.
    var kindAndMessage: (kind: String, message: String) {
        switch self {
        case .Config(let message): return ("Config", message)
        case .Seat(let message): return ("Seat", message)
        case .Parse(let message): return ("Parse", message)
        case .IllegalAction(let message): return ("IllegalAction", message)
        case .Record(let message): return ("Record", message)
        case .NotYourTurn(let message): return ("NotYourTurn", message)
        case .Stale(let message): return ("Stale", message)
        case .HostOnly(let message): return ("HostOnly", message)
        case .GameOver(let message): return ("GameOver", message)
        case .Table(let message): return ("Table", message)
        case .Dice(let message): return ("Dice", message)
        case .Internal(let message): return ("Internal", message)
        }
    }
}

/// Runs `expression`, which must throw the `FichasError` case named `kind`; returns its message.
@discardableResult
func expectError<T>(
    _ kind: String,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ expression: () throws -> T
) -> String {
    do {
        _ = try expression()
        XCTFail("expected FichasError.\(kind), but nothing was thrown", file: file, line: line)
    } catch let error as FichasError {
        let (found, message) = error.kindAndMessage
        XCTAssertEqual(found, kind, message, file: file, line: line)
        XCTAssertFalse(message.isEmpty, "an error explains itself", file: file, line: line)
        return message
    } catch {
        XCTFail("expected FichasError.\(kind), got \(error)", file: file, line: line)
    }
    return ""
}

/// A counter several threads may add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
