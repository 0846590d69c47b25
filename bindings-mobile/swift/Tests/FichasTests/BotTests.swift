import Fichas
import XCTest

/// Bots through `Game.suggest`: hints for a player, moves for an offline opponent (as in the
/// Kotlin tests).
final class BotTests: XCTestCase {
    func testBotsOfEveryLevelPlayEveryVariantToTheEnd() throws {
        let levels = ["easy", "medium", "random", "greedy"]
        for variant in allVariants {
            let game = try Game(variant: variant, seed: 11)
            var steps = 0
            while !(try game.isOver()) {
                if let seat = try game.toAct() {
                    let hint = try XCTUnwrap(
                        try game.suggest(level: levels[Int(seat) % levels.count], seed: UInt64(seat)),
                        "no hint for seat \(seat) in \(try game.position())"
                    )
                    XCTAssertTrue(try game.legalActions().contains(hint.action))
                    _ = try game.play(action: hint.action)
                } else {
                    _ = try game.roll()
                }
                steps += 1
                XCTAssertLessThan(steps, maxSteps, "\(variant) still running")
            }
            XCTAssertNil(try game.suggest(level: "hard"), "nobody decides in a finished game")
        }
    }

    func testAHintSaysWhatItDoesAndWhy() throws {
        let position = "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-"
        let game = try Game.fromPosition(position: position)
        let hint = try XCTUnwrap(try game.suggest(level: "easy", seed: 1))
        XCTAssertEqual(hint.action.notation, "Y5+3")
        XCTAssertEqual(hint.reason, "captures")
        XCTAssertEqual(hint.explanation, "captures a red token")
        let estimate = try XCTUnwrap(hint.estimate)
        XCTAssertTrue((0.0...1.0).contains(estimate))
        XCTAssertEqual(hint, try game.suggest(level: "easy", seed: 1))
        XCTAssertEqual(hint, try game.view(seat: 0).suggest(level: "easy", seed: 1))
        let capped = try XCTUnwrap(try game.suggest(level: "hard", timeLimitMs: 20))
        XCTAssertTrue(try game.legalActions().contains(capped.action))
        let random = try XCTUnwrap(try game.suggest(level: "random"))
        XCTAssertNil(random.reason)
        XCTAssertNil(random.estimate)
    }

    func testNobodyIsSuggestedAMoveWhileDiceAreDueAndBadLevelsAreRefused() throws {
        let game = try Game(variant: "parchis", seed: 1)
        XCTAssertNil(try game.suggest(level: "medium"))
        try rollUntilDecision(game)
        let message = expectError("Config") { try game.suggest(level: "genius") }
        XCTAssertTrue(message.contains("easy, medium, hard or expert"), message)
        expectError("Config") { try game.suggest(level: "hard", timeLimitMs: 0) }
    }

    func testACartasHintComesFromTheSeatsView() throws {
        let game = try Game(variant: "cartas", seed: 3)
        try rollUntilDecision(game)
        let seat = try XCTUnwrap(try game.toAct())
        let hint = try XCTUnwrap(try game.suggest(level: "medium", seed: 5))
        let view = try game.view(seat: seat)
        XCTAssertEqual(hint, try view.suggest(level: "medium", seed: 5))
        let sent = try SeatView.fromJson(json: try view.toJson())
        XCTAssertEqual(hint, try sent.suggest(level: "medium", seed: 5))
        let other = (seat + 1) % 4
        let theirs = try game.view(seat: other)
        if try theirs.toAct() != other {
            XCTAssertNil(try theirs.suggest(level: "medium"))
        }
    }
}
