import Dispatch
import Fichas
import Foundation
import XCTest

final class ThreadsTests: XCTestCase {
    func testGamesOnSeveralThreadsAtOnceEndAsTheyDoOneAtATime() throws {
        let variants = ["poleana", "parchis:pairs", "cartas", "poleana-express:3"]
        func finish(_ variant: String) throws -> String {
            let game = try Game(variant: variant, seed: 17)
            var random = SeededGenerator(seed: 17)
            _ = try playOut(game, &random)
            return try game.position()
        }
        let alone = try variants.map(finish)
        let together = Positions(count: variants.count)
        DispatchQueue.concurrentPerform(iterations: variants.count) { i in
            together.set(i, try? finish(variants[i]))
        }
        XCTAssertEqual(together.all, alone.map { Optional($0) })
    }

    func testOneGameSharedBySeveralThreadsLosesAndDoublesNoStep() throws {
        let game = try Game(variant: "parchis:two-player", seed: 23)
        let players = 4
        let applied = Counter()
        let unexpected = Counter()
        DispatchQueue.concurrentPerform(iterations: players + 1) { n in
            var random = SeededGenerator(seed: UInt64(n))
            do {
                if n == players {
                    // A reader looks on meanwhile, as a UI thread would.
                    while try !game.isOver() {
                        XCTAssertTrue(try game.position().hasPrefix("parchis:two-player"))
                        XCTAssertFalse(try game.view(seat: 0).text().isEmpty)
                    }
                    return
                }
                while try !game.isOver() {
                    // Read, then act: another thread may act in between, and the engine then
                    // refuses the stale step.
                    do {
                        if try game.toAct() == nil {
                            _ = try game.roll()
                        } else {
                            let actions = try game.legalActions()
                            if actions.isEmpty {
                                continue
                            }
                            _ = try game.play(action: actions[Int.random(in: 0..<actions.count, using: &random)])
                        }
                        applied.add()
                    } catch FichasError.IllegalAction(_) {
                        continue
                    }
                }
            } catch {
                unexpected.add()
            }
        }
        XCTAssertEqual(unexpected.value, 0)
        XCTAssertTrue(try game.isOver())
        let record = try game.record()
        XCTAssertEqual(record.stepCount(), UInt32(applied.value), "every applied step is recorded once")
        XCTAssertEqual(try replay(json: record.toJson()).position(), try game.position())
    }
}

/// Positions written by several threads, one slot each.
private final class Positions: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ position: String?) {
        lock.lock()
        slots[index] = position
        lock.unlock()
    }

    var all: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
